import Foundation
import Glibc
import ServerTransport
import TestSupport
import WebSocketTransport

/// A server handler that echoes text, broadcasts `all:` messages, refuses some upgrades
/// and records what happened.
final class RecordingHandler: WebSocketServerHandler, @unchecked Sendable {
    struct Log {
        var opened = 0
        var received: [String] = []
        var closed: [CloseReason] = []
        var turnsEnded = 0
        var wakeUps = 0
        var upgradeRequests: [HTTPRequestInfo] = []
    }

    let log = Watched(Log())
    weak var server: WebSocketServer?

    func upgradeRequested(_ request: HTTPRequestInfo) -> UpgradeDecision<String?> {
        log.update { $0.upgradeRequests.append(request) }
        if request.path == "/missing" { return .refuse(status: 404, body: "no such board") }
        if request.token == "bad" { return .refuse(status: 401, body: "bad token") }
        return .accept(request.token)
    }

    func httpRequest(_ request: HTTPRequestInfo) -> HTTPResponse {
        request.path == "/health" ? HTTPResponse(status: 200, text: "ok") : .notFound
    }

    func connectionOpened(_ connection: ServerConnection, context token: String?) {
        log.update { $0.opened += 1 }
    }

    func textReceived(_ connection: ServerConnection, _ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        log.update { $0.received.append(text) }
        if text.hasPrefix("all:"), let server {
            server.broadcast(OutboundFrame(bytes: bytes), to: server.connections)
        } else {
            connection.send(OutboundFrame(bytes: bytes))
        }
    }

    func connectionClosed(_ connection: ServerConnection, reason: CloseReason) {
        log.update { $0.closed.append(reason) }
    }

    func turnEnded() { log.update { $0.turnsEnded += 1 } }
    func wakeUp() { log.update { $0.wakeUps += 1 } }
}

/// Starts a server on 127.0.0.1 with an ephemeral port.
func startServer(
    _ configure: (inout WebSocketServerConfiguration) -> Void = { _ in }
) throws -> (WebSocketServer, RecordingHandler) {
    var configuration = WebSocketServerConfiguration(host: "127.0.0.1", port: 0)
    configuration.shutdownGracePeriod = 0.5
    configure(&configuration)
    let handler = RecordingHandler()
    let server = WebSocketServer(configuration: configuration, handler: handler)
    handler.server = server
    try server.start()
    return (server, handler)
}

func stopServer(_ server: WebSocketServer) {
    server.stop()
    server.waitUntilStopped()
}

/// Counts client events without storing payloads.
final class CountingClientHandler: ClientConnectionHandler, @unchecked Sendable {
    struct Counts {
        var opened = 0
        var texts = 0
        var lastText = ""
        var closedCodes: [UInt16?] = []
        var failures: [ClientConnectError] = []
    }

    let counts = Watched(Counts())

    func connection(_ connection: ClientConnection, didReceive event: ClientEvent) {
        counts.update { counts in
            switch event {
            case .opened: counts.opened += 1
            case .text(let bytes):
                counts.texts += 1
                counts.lastText = String(decoding: bytes, as: UTF8.self)
            case .binary: break
            case .closed(let code, _): counts.closedCodes.append(code)
            case .connectFailed(let error): counts.failures.append(error)
            }
        }
    }
}

/// Sends `request` over a plain TCP socket and returns everything read until the peer
/// closes, the head plus `Content-Length` body arrived, or the timeout passes.
func rawHTTPExchange(host: String = "127.0.0.1", port: Int, request: String, timeout: Int = 3) -> String? {
    guard let fd = connectTCP(host: host, port: port) else { return nil }
    defer { close(fd) }
    var time = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    let bytes = Array(request.utf8)
    guard write(fd, bytes, bytes.count) == bytes.count else { return nil }
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(fd, &chunk, chunk.count)
        if count <= 0 { break }
        received.append(contentsOf: chunk[0..<count])
        let text = String(decoding: received, as: UTF8.self)
        if let headEnd = text.range(of: "\r\n\r\n") {
            let lengthLine = text[..<headEnd.lowerBound].split(separator: "\r\n")
                .first { $0.lowercased().hasPrefix("content-length:") }
            let length =
                lengthLine.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
            if text.utf8.count >= text[..<headEnd.upperBound].utf8.count + length { break }
        }
    }
    return String(decoding: received, as: UTF8.self)
}

/// A connected TCP socket, or nil if the connection was refused.
func connectTCP(host: String, port: Int) -> Int32? {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_NUMERICHOST
    var result: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &result) == 0, let info = result else { return nil }
    defer { freeaddrinfo(result) }
    let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
    guard fd >= 0 else { return nil }
    if connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) != 0 {
        close(fd)
        return nil
    }
    return fd
}

/// A non-loopback address of this machine (IPv4 preferred), if any.
func otherLocalAddress() -> String? {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0 else { return nil }
    defer { freeifaddrs(list) }
    var candidates: [String] = []
    var cursor = list
    while let entry = cursor {
        defer { cursor = entry.pointee.ifa_next }
        guard let address = entry.pointee.ifa_addr else { continue }
        let family = Int32(address.pointee.sa_family)
        guard family == AF_INET || family == AF_INET6 else { continue }
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
        guard getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
        let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("127.") || text == "::1" || text.hasPrefix("fe80") || text.contains("%") { continue }
        if family == AF_INET { candidates.insert(text, at: 0) } else { candidates.append(text) }
    }
    return candidates.first
}

func url(_ server: WebSocketServer, _ path: String = "/boards/b1?token=good") -> String {
    "ws://127.0.0.1:\(server.port)\(path)"
}
