import Foundation

/// A webhook receiver for the benchmark: a loopback TCP listener on a thread of its own that
/// serves each connection on a thread of its own, reading each request (its head and the body
/// its `Content-Length` announces), answering `200` and keeping the connection open for the
/// next, and counts the requests. Not a general HTTP server.
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
            let thread = Thread { [self] in
                var pending: [UInt8] = []
                while answer(connection, pending: &pending) { received.withLock { count += 1 } }
                close(connection)
            }
            thread.name = "webhook receiver connection"
            thread.start()
        }
    }

    /// Reads one request, the bytes of `pending` first, and answers 200, keeping what came after
    /// it in `pending`; false when the connection ended before a whole request.
    private func answer(_ connection: Int32, pending: inout [UInt8]) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 8_192)
        let separator: [UInt8] = [13, 10, 13, 10]
        while true {
            if let end = pending.indices.dropLast(3).first(where: {
                pending[$0..<($0 + 4)].elementsEqual(separator)
            }) {
                let head = String(decoding: pending[0..<end], as: UTF8.self).lowercased()
                let length =
                    head.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if pending.count >= end + 4 + length {
                    pending.removeFirst(end + 4 + length)
                    break
                }
            }
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return false }
            pending += buffer[0..<count]
        }
        let reply = Array("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".utf8)
        return reply.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == reply.count
    }
}
