import Foundation

/// A webhook receiver for the benchmark: a loopback TCP listener on a thread of its own that
/// reads each request (its head and the body its `Content-Length` announces), answers `200`
/// with `Connection: close`, and counts the requests. Not a general HTTP server.
final class WebhookReceiver: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let received = NSLock()
    private var count = 0

    /// Listens on 127.0.0.1 at a free port; nil when no socket can be made.
    init?() {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(socket, raw, length) == 0 && listen(socket, 512) == 0 && getsockname(socket, raw, &length) == 0
            }
        }
        guard bound else {
            close(socket)
            return nil
        }
        listener = socket
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in serve() }
        thread.name = "webhook receiver"
        thread.start()
    }

    /// The requests answered so far.
    var requests: Int { received.withLock { count } }

    var url: String { "http://127.0.0.1:\(port)/bench" }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            if answer(connection) { received.withLock { count += 1 } }
            close(connection)
        }
    }

    /// Reads one request and answers 200; false when the request did not arrive whole.
    private func answer(_ connection: Int32) -> Bool {
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8_192)
        let separator: [UInt8] = [13, 10, 13, 10]
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return false }
            request += buffer[0..<count]
            guard
                let end = request.indices.dropLast(3).first(where: { request[$0..<($0 + 4)].elementsEqual(separator) })
            else { continue }
            let head = String(decoding: request[0..<end], as: UTF8.self).lowercased()
            let length =
                head.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            if request.count >= end + 4 + length { break }
        }
        let reply = Array("HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
        return reply.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == reply.count
    }
}
