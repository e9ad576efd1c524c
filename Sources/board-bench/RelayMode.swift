import Foundation
import ServerTransport
import WebSocketTransport

/// `board-bench relay --port P [--host H]`: runs the bare broadcast baseline until SIGINT or
/// SIGTERM, printing "listening on HOST:PORT" once ready.
enum RelayMode {
    static let mode = BenchMode(name: "relay", summary: "bare libwebsockets broadcast server (the load baseline)") {
        arguments in run(arguments)
    }

    static func run(_ arguments: [String]) -> Int32 {
        ForegroundServer.blockStopSignals()
        var host = "127.0.0.1"
        var port = 0
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            switch (flag, rest.popFirst()) {
            case ("--port", let value?) where Int(value) != nil: port = Int(value)!
            case ("--host", let value?): host = value
            default:
                FileHandle.standardError.write(Data("usage: board-bench relay [--host H] [--port P]\n".utf8))
                return 2
            }
        }
        let configuration = WebSocketServerConfiguration(host: host, port: port)
        return ForegroundServer.serve(
            WebSocketServer(configuration: configuration, handler: RelayServer()), name: "relay")
    }
}
