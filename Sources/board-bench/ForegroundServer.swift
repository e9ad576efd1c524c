import Foundation
import ServerTransport
import WebSocketTransport

/// How a server mode of board-bench (`relay`, `echo`) runs: in the foreground until SIGINT or
/// SIGTERM, printing "listening on HOST:PORT" once its port is bound, as board-server does.
enum ForegroundServer {
    /// Either stops the server (which then closes its connections with 1001).
    static let stopSignals = [SIGINT, SIGTERM]

    /// Blocks the stop signals on every thread; call first, before any thread starts.
    static func blockStopSignals() {
        ProcessSignals.block(stopSignals)
    }

    /// Binds `server`, announces it and serves until a stop signal; answers the exit status
    /// (1 when it could not listen or its loop failed). `name` starts the error messages.
    static func serve(_ server: WebSocketServer, name: String) -> Int32 {
        FileDescriptorLimit.raise()
        let host = server.configuration.host ?? "::"
        do {
            try server.listen()
        } catch {
            let message = "\(name): cannot listen on \(host) port \(server.configuration.port); is it in use?\n"
            FileHandle.standardError.write(Data(message.utf8))
            return 1
        }
        FileHandle.standardOutput.write(Data("listening on \(host):\(server.port)\n".utf8))
        ProcessSignals.startWaiting(for: stopSignals) { _ in server.stop(closeCode: 1001) }
        do {
            try server.run()
        } catch {
            FileHandle.standardError.write(Data("\(name): its event loop could not run.\n".utf8))
            return 1
        }
        return 0
    }
}
