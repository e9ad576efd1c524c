import BoardSync
import Foundation
import TestSupport
import WebSocketTransport

/// A `ClientMachine` driven by a real socket: a reader thread feeds it every server message,
/// any thread may perform local edits, and everything the machine asks to send is sent in order.
final class MachineDriver: @unchecked Sendable {
    private struct State {
        var machine: ClientMachine
        var stopping = false
        var readerDone = false
        var problems: [String] = []
    }

    private let state: Watched<State>
    let socket: BlockingWebSocket

    init(url: String, board: String, client: ClientID, user: String) throws {
        socket = try BlockingWebSocket(url: url)
        state = Watched(State(machine: ClientMachine(clientID: client, user: user, boardID: BoardName(board)!)))
        update { $0.connectionOpened() }
        Thread.detachNewThread { [self] in readLoop() }
    }

    /// What went wrong so far, in words.
    var problems: [String] { state.read { $0.problems } }

    /// Runs `body` on the machine under the lock and sends what it asks for.
    func update(_ body: (inout ClientMachine) -> ClientOutput) {
        state.update { state in
            let output = body(&state.machine)
            for message in output.send {
                socket.send(String(decoding: WireCodec.encode(message), as: UTF8.self))
            }
            for notice in output.notices {
                if case .refused(let code, let message) = notice {
                    state.problems.append("refused \(code): \(message)")
                }
            }
            if output.reconnect { state.problems.append("the machine asked to reconnect") }
        }
    }

    /// Reads the machine under the lock.
    func read<T>(_ body: (ClientMachine) -> T) -> T {
        state.read { body($0.machine) }
    }

    /// Waits until `ready` holds for the machine; false on timeout.
    func wait(timeout: Double, until ready: (ClientMachine) -> Bool) -> Bool {
        state.wait(timeout: timeout) { ready($0.machine) }
    }

    /// Stops the reader thread and closes the socket.
    func stop() {
        state.update { $0.stopping = true }
        state.wait(timeout: 5) { $0.readerDone }
        socket.close()
    }

    private func readLoop() {
        defer { state.update { $0.readerDone = true } }
        while !state.read({ $0.stopping }) {
            let message: BlockingWebSocket.Message
            do {
                message = try socket.receive(timeout: 0.1)
            } catch {
                continue
            }
            switch message {
            case .text(let text):
                do {
                    let decoded = try WireCodec.decodeServerMessage(Array(text.utf8))
                    if case .error(let report) = decoded { record("error from the server: \(report)") }
                    update { $0.receive(decoded) }
                } catch {
                    record("undecodable server message: \(text.prefix(200))")
                }
            case .binary:
                record("binary message from the server")
            case .closed(let code, _):
                if !state.read({ $0.stopping }) { record("connection closed with \(String(describing: code))") }
                return
            }
        }
    }

    private func record(_ problem: String) {
        state.update { $0.problems.append(problem) }
    }
}
