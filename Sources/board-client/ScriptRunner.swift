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
        guard let board = options.boardName else { return finish(.noBoard) }
        if command.readsExistingBoard {
            let fetcher = HTTPFetcher(options: options, context: context)
            let found = fetcher.fetch(.board(board, version: nil), timeout: timeout)
            if let result = HTTPScript.existence(of: board, found) { return finish(result) }
        }
        var imported: ImportSummary?
        var restoreTarget: Board?
        switch command {
        case .importFile(let path, let format, _):
            switch Self.read(path, as: format) {
            case .success(let summary): imported = summary
            case .failure(let result): return finish(result)
            }
        case .restore(let version, let confirmed):
            if !confirmed && isatty(STDIN_FILENO) == 0 {
                return finish(
                    ScriptResult(
                        .usage, "standard input is not a terminal: give --yes to restore without a question"))
            }
            switch pastBoard(at: version, in: context) {
            case .success(let board): restoreTarget = board
            case .failure(let result): return finish(result)
            }
        default:
            break
        }
        return run(
            board, in: context, connectOptions: source.connectOptions, imported: imported,
            restoreTarget: restoreTarget)
    }

    /// The sections and tiles of the file at `path`, or why it cannot be imported.
    private static func read(_ path: String, as format: TransferFormat?) -> Result<ImportSummary, ScriptResult> {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? "it cannot be read"
            return .failure(ScriptResult(.usage, "cannot read \(path): \(reason)"))
        }
        do throws(ImportError) {
            return .success(try BoardImport.read(Array(data), format: format))
        } catch {
            return .failure(ScriptResult(.usage, "cannot import \(path): \(error.words)"))
        }
    }

    /// The board as it was at `version` (`GET /boards/BOARD?version=V`), or why it is not there.
    private func pastBoard(at version: Int, in context: ClientContext) -> Result<Board, ScriptResult> {
        let fetcher = HTTPFetcher(options: options, context: context)
        var script = HTTPScript(command: .listAt(version: version, json: true), board: options.boardName)
        var step = script.start()
        while case .fetch(let fetch) = step {
            step = script.receive(fetcher.fetch(fetch, timeout: timeout), for: fetch)
        }
        guard case .finished(let result) = step else { return .failure(ScriptResult(.failure, "no answer")) }
        guard result.status == .ok else { return .failure(result) }
        guard let board = try? WireCodec.decodeBoard(Array(result.output.utf8)) else {
            return .failure(ScriptResult(.failure, "the server's board could not be read"))
        }
        return .success(board)
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
        if case .export(_, let output) = command, result.status == .ok {
            return write(Data(result.output.utf8), to: output)
        }
        return finish(result)
    }

    /// Writes an export to the file at `path`, or to standard output when nil, exactly as the
    /// server sent it.
    private func write(_ data: Data, to path: String?) -> Int32 {
        guard let path else {
            FileHandle.standardOutput.write(data)
            return ScriptStatus.ok.rawValue
        }
        do {
            try data.write(to: URL(fileURLWithPath: path))
            return ScriptStatus.ok.rawValue
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? "it cannot be written"
            return finish(ScriptResult(.failure, "cannot write \(path): \(reason)"))
        }
    }

    private func run(
        _ board: BoardName, in context: ClientContext, connectOptions: ClientConnectOptions, imported: ImportSummary?,
        restoreTarget: Board?
    ) -> Int32 {
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
            boardName: board,
            newID: ProcessIdentity.randomID(), imported: imported, restoreTarget: restoreTarget,
            seed: UInt64.random(in: 0...UInt64.max))
        send(session.start(), on: socket)
        var reported = 0
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
                var step = session.receive(message)
                if case .ask(let question) = step { step = session.answer(Self.ask(question)) }
                if let progress = session.importProgress, progress.done > reported,
                    progress.total > Self.progressFrom
                {
                    reported = progress.done
                    let line =
                        "imported \(ImportSummary.grouped(progress.done)) of \(ImportSummary.grouped(progress.total)) tiles\n"
                    FileHandle.standardError.write(Data(line.utf8))
                }
                switch step {
                case .send(let messages): send(messages, on: socket)
                case .ask: continue
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

    /// Imports of more tiles than this report their progress on standard error.
    static let progressFrom = 500

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
