import BoardSync
import Foundation
import WebSocketTransport

/// A `ClientMachine` driven by a real socket: a reader thread feeds it every server message,
/// any thread may perform local edits, and everything the machine asks to send is sent in order.
final class MachineDriver: @unchecked Sendable {
    private let condition = NSCondition()
    private var machine: ClientMachine
    private var stopping = false
    private var readerDone = false
    private(set) var problems: [String] = []
    let socket: BlockingWebSocket

    init(url: String, board: String, client: String, user: String) throws {
        socket = try BlockingWebSocket(url: url)
        machine = ClientMachine(clientID: client, user: user, boardID: board)
        update { $0.connectionOpened() }
        Thread.detachNewThread { [self] in readLoop() }
    }

    /// Runs `body` on the machine under the lock and sends what it asks for.
    func update(_ body: (inout ClientMachine) -> ClientOutput) {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        let output = body(&machine)
        for message in output.send {
            socket.send(String(decoding: WireCodec.encode(message), as: UTF8.self))
        }
        for notice in output.notices {
            if case .refused(let code, let message) = notice { problems.append("refused \(code): \(message)") }
        }
        if output.reconnect { problems.append("the machine asked to reconnect") }
    }

    /// Reads the machine under the lock.
    func read<T>(_ body: (ClientMachine) -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body(machine)
    }

    /// Waits until `ready` holds for the machine; false on timeout.
    func wait(timeout: Double, until ready: (ClientMachine) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !ready(machine) {
            if !condition.wait(until: deadline) { return ready(machine) }
        }
        return true
    }

    /// Stops the reader thread and closes the socket.
    func stop() {
        condition.lock()
        stopping = true
        condition.unlock()
        _ = wait(timeout: 5) { _ in readerDone }
        socket.close()
    }

    private func readLoop() {
        defer {
            condition.lock()
            readerDone = true
            condition.broadcast()
            condition.unlock()
        }
        while read({ _ in !stopping }) {
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
                if !read({ _ in stopping }) { record("connection closed with \(String(describing: code))") }
                return
            }
        }
    }

    private func record(_ problem: String) {
        condition.lock()
        problems.append(problem)
        condition.unlock()
    }
}
