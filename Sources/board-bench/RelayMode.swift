import Dispatch
import Foundation
import WebSocketTransport

/// `board-bench relay --port P [--host H]`: runs the bare broadcast baseline until SIGINT or
/// SIGTERM, printing "listening on HOST:PORT" once ready.
enum RelayMode {
    static let mode = BenchMode(name: "relay", summary: "bare libwebsockets broadcast server (the load baseline)") {
        arguments in run(arguments)
    }

    static func run(_ arguments: [String]) -> Int32 {
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
        let signals = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { server.stop(closeCode: 1001) }
            source.resume()
            return source
        }
        do {
            try server.run()
        } catch {
            FileHandle.standardError.write(Data("relay: \(error)\n".utf8))
            return 1
        }
        signals.forEach { $0.cancel() }
        return 0
    }
}
