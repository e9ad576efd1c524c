import BoardServer
import Foundation
import WebSocketTransport

// The service behind a WebSocket server on the command line's address. A storage failure while
// serving ends the process at once: nothing more may be acknowledged.
let status = BoardServerApp.main(
    arguments: Array(CommandLine.arguments.dropFirst()),
    transport: { options, service in
        WebSocketServer(
            configuration: WebSocketServerConfiguration(
                host: options.host, port: options.port, maxMessageSize: options.maxMessageBytes,
                maxQueuedBytes: options.maxQueuedBytes, tlsCertificatePath: options.tlsCertificatePath,
                tlsPrivateKeyPath: options.tlsPrivateKeyPath),
            handler: service)
    },
    storageFailed: { status in exit(status) })
exit(status)
