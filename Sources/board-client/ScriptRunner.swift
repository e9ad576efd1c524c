import BoardClientApp
import BoardSync
import Foundation
import WebSocketTransport

/// Runs one scripted command over a blocking WebSocket and returns the exit status.
struct ScriptRunner {
    let options: ConnectionOptions
    let command: ScriptCommand
    /// How long to wait for any single answer.
    var timeout = 10.0

    func run() -> Int32 {
        let source = ClientConnectOptionsSource(options: options)
        let context: ClientContext
        do {
            context = try ClientContext(configuration: source.contextConfiguration)
        } catch {
            return finish(ScriptResult(.failure, ClientConnectOptionsSource.contextFailure(error)))
        }
        defer { context.shutdown() }
        if command.isHTTP { return runHTTP(in: context) }
        if command.readsExistingBoard, let board = options.boardName {
            let fetcher = HTTPFetcher(options: options, context: context)
            let found = fetcher.fetch(.board(board, version: nil), timeout: timeout)
            if let result = HTTPScript.existence(of: board, found) { return finish(result) }
        }
        return run(in: context, connectOptions: source.connectOptions)
    }

    /// A command the HTTP endpoints answer: one request after the other until the script ends.
    private func runHTTP(in context: ClientContext) -> Int32 {
        let fetcher = HTTPFetcher(options: options, context: context)
        var script = HTTPScript(command: command, board: options.boardName)
        var step = script.start()
        while true {
            switch step {
            case .fetch(let fetch):
                step = script.receive(fetcher.fetch(fetch, timeout: timeout), for: fetch)
                continue
            case .ask(let question):
                step = script.answer(Self.ask(question))
                continue
            case .finished:
                break
            }
            break
        }
        guard case .finished(let result) = step else { return ScriptStatus.failure.rawValue }
        return finish(result)
    }

    private func run(in context: ClientContext, connectOptions: ClientConnectOptions) -> Int32 {
        let socket: BlockingWebSocket
        do {
            socket = try BlockingWebSocket(
                url: options.url, options: connectOptions, timeout: timeout, context: context)
        } catch ClientConnectError.refused(let status) {
            return finish(ScriptResult(.refused, "refused by the server: HTTP \(status)"))
        } catch ClientConnectError.untrustedCertificate {
            return finish(
                ScriptResult(
                    .unreachable,
                    "the server's certificate was not trusted (\(options.url)); "
                        + "if it comes from a private CA, pass --ca FILE"))
        } catch {
            let endpoints = options.endpoints
            return finish(
                ScriptResult(
                    .unreachable, ConnectDiagnosis.problem(error, endpoints: endpoints).sentence(reaching: endpoints)))
        }
        var session = ScriptSession(
            command: command, clientID: ClientID(ProcessIdentity.randomID()), user: options.user,
            boardName: options.boardName ?? "",
            newID: ProcessIdentity.randomID())
        send(session.start(), on: socket)
        while true {
            let received: BlockingWebSocket.Message
            do {
                received = try socket.receive(timeout: command == .watch ? 3600 : timeout)
            } catch {
                if command == .watch { continue }
                return finish(ScriptResult(.failure, "no answer from the server within \(Int(timeout)) s"))
            }
            switch received {
            case .text(let text):
                if command == .watch {
                    FileHandle.standardOutput.write(Data((text + "\n").utf8))
                }
                guard let message = try? WireCodec.decodeServerMessage(Array(text.utf8)) else { continue }
                switch session.receive(message) {
                case .send(let messages): send(messages, on: socket)
                case .finished(let result):
                    socket.close()
                    _ = try? socket.waitForClose(timeout: 1)
                    return finish(result)
                }
            case .binary:
                continue
            case .closed(let code, let reason):
                let detail = code.map { " (\($0)\(reason.isEmpty ? "" : " \(reason)"))" } ?? ""
                return finish(ScriptResult(.unreachable, "the server closed the connection\(detail)"))
            }
        }
    }

    private func send(_ messages: [ClientMessage], on socket: BlockingWebSocket) {
        for message in messages { socket.connection.send(textBytes: WireCodec.encode(message)) }
    }

    /// Asks `question` on standard error and reads the reply from standard input: yes only for
    /// a line that starts with y or Y (end of input is no).
    private static func ask(_ question: String) -> Bool {
        FileHandle.standardError.write(Data("\(question) y/n ".utf8))
        guard let reply = readLine(strippingNewline: true) else {
            FileHandle.standardError.write(Data("\n".utf8))
            return false
        }
        return reply.first == "y" || reply.first == "Y"
    }

    private func finish(_ result: ScriptResult) -> Int32 {
        if result.status == .ok {
            if !result.output.isEmpty { FileHandle.standardOutput.write(Data((result.output + "\n").utf8)) }
        } else {
            FileHandle.standardError.write(Data("board-client: \(result.output)\n".utf8))
        }
        return result.status.rawValue
    }
}
