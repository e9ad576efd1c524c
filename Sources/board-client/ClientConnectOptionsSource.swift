import WebSocketTransport

/// The WebSocket options of every connection: the protocol's subprotocol and the token header.
struct ClientConnectOptionsSource {
    var token: String?

    var options: ClientConnectOptions {
        var headers: [String: String] = [:]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        return ClientConnectOptions(subprotocols: ["boardsync.v1"], headers: headers)
    }
}
