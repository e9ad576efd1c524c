import Foundation
import ServerTransport
import WebSocketTransport

/// `board-bench relay --port P [--host H]`: runs the bare broadcast baseline until SIGINT or
/// SIGTERM, printing "listening on HOST:PORT" once ready.
enum RelayMode {
    static let mode = BenchMode(name: "relay", summary: "bare libwebsockets broadcast server (the load baseline)") {
        arguments in run(arguments)
    }

    /// Either stops the relay.
    static let stopSignals = [SIGINT, SIGTERM]

    static func run(_ arguments: [String]) -> Int32 {
        ProcessSignals.block(stopSignals)
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
        FileDescriptorLimit.raise()
        let configuration = WebSocketServerConfiguration(host: host, port: port)
        let relay = RelayServer()
        let server = WebSocketServer(configuration: configuration, handler: relay)
        do {
            try server.listen()
        } catch {
            FileHandle.standardError.write(Data("relay: cannot listen: \(error)\n".utf8))
            return 1
        }
        FileHandle.standardOutput.write(Data("listening on \(host):\(server.port)\n".utf8))
        ProcessSignals.startWaiting(for: stopSignals) { _ in server.stop(closeCode: 1001) }
        do {
            try server.run()
        } catch {
            FileHandle.standardError.write(Data("relay: \(error)\n".utf8))
            return 1
        }
        return 0
    }
}
