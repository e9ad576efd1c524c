import Foundation
import WebSocketTransport

/// `board-bench echo [--host H] [--port P] [--max-message-size N]`: the echo server the
/// Autobahn cases run against (`make test-autobahn`), until SIGINT or SIGTERM; prints
/// "listening on HOST:PORT" once ready. Every setting but the address and the size limit is
/// board-server's default, and so is the size limit unless given.
enum EchoMode {
    static let mode = BenchMode(name: "echo", summary: "WebSocket echo server on the project's transport (Autobahn)") {
        arguments in run(arguments)
    }

    static func run(_ arguments: [String]) -> Int32 {
        ForegroundServer.blockStopSignals()
        var configuration = WebSocketServerConfiguration()
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            switch (flag, rest.popFirst()) {
            case ("--port", let value?) where Int(value).map({ (0...65_535).contains($0) }) == true:
                configuration.port = Int(value)!
            case ("--host", let value?): configuration.host = value
            case ("--max-message-size", let value?) where (Int(value) ?? 0) > 0:
                configuration.maxMessageSize = Int(value)!
            default:
                let usage = "usage: board-bench echo [--host H] [--port P] [--max-message-size BYTES]\n"
                FileHandle.standardError.write(Data(usage.utf8))
                return 2
            }
        }
        return ForegroundServer.serve(
            WebSocketServer(configuration: configuration, handler: EchoServer()), name: "echo")
    }
}
