import ServerTransport

extension CloseReason {
    /// Why a connection ended, as its log line says it: "closed by client (1001)".
    var words: String {
        switch self {
        case .clientClosed(let code?): "closed by client (\(code))"
        case .clientClosed(nil): "closed by client (no code)"
        case .closedByServer(let code): "closed by server (\(code))"
        case .slowConsumer: "too slow to keep up (1013)"
        case .tooLarge: "message too large (1009)"
        case .binary: "binary message (1003)"
        case .invalidUTF8: "text that is not UTF-8 (1007)"
        case .protocolError: "protocol error or timeout"
        case .serverShutdown: "server shutting down"
        case .connectionLost: "connection lost without a close"
        }
    }
}
