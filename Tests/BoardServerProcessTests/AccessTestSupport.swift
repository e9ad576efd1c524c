import BoardSync
import Foundation
import TestSupport
import WebSocketTransport

/// Servers with tokens files, and requests with headers and refused upgrades over real sockets.
extension AccessFixture {
    /// Starts a server with a tokens file in its own directory.
    static func server(
        tokens entries: [(String, Role, [String])], arguments: [String] = []
    ) throws -> (
        ServerProcess, URL
    ) {
        let directory = try TemporaryDirectory(prefix: "board-access")
        let tokensFile = directory.url.appendingPathComponent("tokens.json")
        try writeTokens(entries, to: tokensFile)
        let server = try ServerProcess(arguments: ["--tokens", tokensFile.path] + arguments, directory: directory)
        return (server, tokensFile)
    }

    /// The HTTP status of an upgrade: 101 when it opened, else the refusal's status.
    static func upgradeStatus(_ url: String, headers: [String: String] = [:], origin: String? = nil) throws -> Int {
        do {
            let socket = try BlockingWebSocket(
                url: url, options: ClientConnectOptions(headers: headers, origin: origin))
            socket.close()
            return 101
        } catch ClientConnectError.refused(let status) {
            return status
        }
    }

    /// The status line's code of a hand-written upgrade request with exactly these headers, so
    /// that origin checks see the bytes a browser would send.
    static func rawUpgradeStatus(port: Int, path: String, headers: [String: String]) throws -> Int {
        let socket = try RawSocket(port: port)
        defer { socket.close() }
        var request =
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
            + "Sec-WebSocket-Protocol: boardsync.v1\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        try socket.write(Array((request + "\r\n").utf8))
        let deadline = Date(timeIntervalSinceNow: 5)
        var received: [UInt8] = []
        while received.firstRange(of: Array("\r\n".utf8)) == nil {
            guard let chunk = try socket.read(deadline: deadline) else { break }
            received += chunk
        }
        let line = String(decoding: received, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let parts = line.split(separator: " ")
        guard parts.count >= 2, parts[0] == "HTTP/1.1", let status = Int(parts[1]) else {
            throw HTTPProbe.Failure.malformed(String(line))
        }
        return status
    }

    /// A GET with extra headers over a raw loopback socket.
    static func get(port: Int, path: String, headers: [String: String] = [:]) throws -> HTTPProbe.Response {
        let socket = try RawSocket(port: port)
        defer { socket.close() }
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        try socket.write(Array((request + "\r\n").utf8))
        let deadline = Date(timeIntervalSinceNow: 5)
        var received: [UInt8] = []
        while true {
            if let end = received.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound {
                let head = String(decoding: received[..<end], as: UTF8.self)
                let parts = head.split(separator: " ", maxSplits: 2)
                guard parts.count >= 2, let status = Int(parts[1]) else { throw HTTPProbe.Failure.malformed(head) }
                let length = head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
                if let length, received.count - end >= length {
                    return HTTPProbe.Response(
                        status: status, body: String(decoding: received[end..<(end + length)], as: UTF8.self))
                }
            }
            guard let chunk = try socket.read(deadline: deadline) else {
                throw HTTPProbe.Failure.malformed(String(decoding: received, as: UTF8.self))
            }
            received += chunk
        }
    }
}
extension ServerProcess {
    /// A board URL carrying a `?token=`.
    func url(board: String, token: String) -> String {
        url(board: board) + "?token=" + token
    }
}
