import Foundation

/// A webhook receiver for the benchmark: a loopback TCP listener on a thread of its own that
/// serves each connection on a thread of its own, reading each request (its head and the body
/// its `Content-Length` announces), answering `200` and keeping the connection open for the
/// next, and counts the requests. Not a general HTTP server.
final class WebhookReceiver: @unchecked Sendable {
    let port: Int
    /// The niceness of the threads that serve connections (0: as the load generator's).
    let niceness: Int32
    private let listener: Int32
    private let received = NSLock()
    private var count = 0

    /// Listens on 127.0.0.1 at a free port, serving connections at `niceness`; nil when no
    /// socket can be made.
    init?(niceness: Int32 = 0) {
        self.niceness = niceness
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
                if niceness != 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness) }
                var pending: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 8_192)
                while answer(connection, pending: &pending, buffer: &buffer) { received.withLock { count += 1 } }
                close(connection)
            }
            thread.name = "webhook receiver connection"
            thread.start()
        }
    }

    /// Reads one request, the bytes of `pending` first, and answers 200, keeping what came after
    /// it in `pending`; false when the connection ended before a whole request. Works on bytes
    /// alone, so that the receiver, which shares the processors with the server it measures,
    /// costs little per request.
    private func answer(_ connection: Int32, pending: inout [UInt8], buffer: inout [UInt8]) -> Bool {
        while true {
            if let end = Self.headEnd(in: pending) {
                let length = Self.contentLength(in: pending[0..<end])
                if pending.count >= end + 4 + length {
                    pending.removeFirst(end + 4 + length)
                    break
                }
            }
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return false }
            pending.append(contentsOf: buffer[0..<count])
        }
        return Self.reply.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            == Self.reply.count
    }

    private static let reply = Array("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".utf8)

    /// Where the blank line after a request's head starts.
    private static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// The value of the head's `Content-Length` line (any case), 0 without one.
    private static func contentLength(in head: ArraySlice<UInt8>) -> Int {
        let name = Array("content-length:".utf8)
        var lineStart = head.startIndex
        while lineStart < head.endIndex {
            let lineEnd = head[lineStart...].firstIndex(of: 13) ?? head.endIndex
            let line = head[lineStart..<lineEnd]
            if line.count > name.count, zip(line, name).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) {
                var value = 0
                for byte in line.dropFirst(name.count) where byte >= 48 && byte <= 57 {
                    value = value * 10 + Int(byte - 48)
                }
                return value
            }
            lineStart = min(lineEnd + 2, head.endIndex)
        }
        return 0
    }
}
