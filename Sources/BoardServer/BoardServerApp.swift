import BoardStore
import Dispatch
import Foundation
import ServerTransport

/// Runs `board-server`: parses the command line, opens the store, serves until SIGINT or
/// SIGTERM, and returns the process exit status.
package enum BoardServerApp {
    /// The exit status after a storage failure while serving (`EX_SOFTWARE`).
    package static let storageFailureStatus: Int32 = 70
    /// SIGINT and SIGTERM stop the server; SIGHUP reloads the tokens file and the JWT key.
    static let handledSignals = [SIGINT, SIGTERM, SIGHUP]

    /// Exit statuses: 0 after a clean stop, 2 for a bad command line, 1 when the server cannot
    /// start (unreadable or corrupt data, port in use). `transport` makes the network side for
    /// the options and the service. When a commit fails while serving, nothing may be
    /// acknowledged any more: `storageFailed` is called on the service thread with the status to
    /// end the process with (`storageFailureStatus`), and must not return.
    package static func main(
        arguments: [String], transport: (ServerOptions, BoardService) -> any ServiceTransport,
        storageFailed: @escaping (Int32) -> Never
    ) -> Int32 {
        ProcessSignals.block(handledSignals)
        let options: ServerOptions
        do {
            switch try ServerOptions.parse(arguments) {
            case .help:
                print(ServerOptions.usage)
                return 0
            case .serve(let parsed):
                options = parsed
            }
        } catch {
            FileHandle.standardError.write(Data("board-server: \(error)\n".utf8))
            return 2
        }
        let credentials: AccessCredentials
        do {
            credentials = try AccessStartup.check(options)
        } catch {
            FileHandle.standardError.write(Data("board-server: \(error)\n".utf8))
            return error.exitStatus
        }
        let webhookSecret: [UInt8]
        do {
            webhookSecret = try WebhookStartup.secret(options)
        } catch {
            FileHandle.standardError.write(Data("board-server: \(error)\n".utf8))
            return error.exitStatus
        }
        let log = Log(level: options.logLevel)
        if let problem = DataDirectory.problem(options) {
            FileHandle.standardError.write(Data("board-server: cannot open data: \(problem)\n".utf8))
            return 1
        }
        let opened: OpenedStore
        do {
            opened = try OpenedStore(options: options)
        } catch {
            FileHandle.standardError.write(Data("board-server: cannot open data: \(error)\n".utf8))
            return 1
        }
        let store = opened.store
        defer { opened.close() }
        let node = options.nodeName ?? ClusterConfiguration.defaultNodeName()
        let cluster = opened.shared.map { shared in
            var configuration = ClusterConfiguration(store: shared, node: node)
            configuration.channel = opened.channel
            return configuration
        }
        let service = BoardService(
            options: options, store: store, log: log, tokens: credentials.tokens,
            signedTokens: credentials.signedTokens,
            cluster: cluster
        ) { _ in
            storageFailed(storageFailureStatus)
        }
        if options.demo {
            do {
                try service.createDemoBoardIfMissing()
            } catch {
                FileHandle.standardError.write(Data("board-server: cannot create the demo board: \(error)\n".utf8))
                return 1
            }
        }
        let webhooks = WebhookStartup.sender(
            options, outbox: opened.outbox, secret: webhookSecret, holder: node, log: log)
        service.access.webhookMetrics = webhooks?.metrics
        defer { webhooks?.sender.stop() }
        let server = transport(options, service)
        service.host = server
        let started = ServiceThreadReference(service)
        server.post {
            started.value.startClusterChannel()
            started.value.startTrashPurge()
        }
        do {
            try server.listen()
        } catch {
            let lines = ListenProblem.lines(error, options: options).map { "board-server: \($0)\n" }
            FileHandle.standardError.write(Data(lines.joined().utf8))
            return 1
        }
        webhooks?.sender.start()
        let display = ListenProblem.displayHost(options.host)
        FileHandle.standardOutput.write(Data("listening on \(display):\(server.port)\n".utf8))
        log(
            .info, "server started",
            [
                "host": options.host, "port": String(server.port), "data": opened.description,
                "tls": options.tlsCertificatePath == nil ? "off" : "on",
                "access": credentials.summary,
            ])
        if !PageAssets.builtIn.missing.isEmpty {
            log(
                .error, "page files missing: the pages say so; make wasm builds the module",
                ["files": PageAssets.builtIn.missing.joined(separator: " ")])
        }
        let reload = TokensReload(
            path: options.tokensPath, jwtKeyPath: options.jwtKeyPath, host: server, service: service)
        ProcessSignals.startWaiting(for: handledSignals) { number in
            if number == SIGHUP {
                reload.start()
            } else {
                server.stop(closeCode: 1001)
            }
        }
        do {
            try server.run()
        } catch {
            FileHandle.standardError.write(Data("board-server: \(error)\n".utf8))
            service.commitRemainingAtExit()
            return 1
        }
        service.commitRemainingAtExit()
        service.stopClusterChannel()
        log(.info, "server stopped")
        return 0
    }
}
