import Foundation

/// Plain HTTP/1.1 GET requests over a loopback socket, for `/healthz`, `/metrics` and snapshots.
public enum HTTPProbe {
    /// A status code and the body as text.
    public struct Response: Sendable {
        public let status: Int
        public let body: String

        public init(status: Int, body: String) {
            self.status = status
            self.body = body
        }
    }

    /// Why a request failed.
    public enum Failure: Error {
        case connect(Int32)
        case timedOut
        case malformed(String)
    }

    public static func get(port: Int, path: String, timeout: Double = 5) throws -> Response {
        try request(port: port, method: "GET", path: path, timeout: timeout)
    }

    /// A request without a body (`DELETE`, or a `POST` that needs none), with `headers` added.
    public static func request(
        port: Int, method: String, path: String, headers: [String: String] = [:], timeout: Double = 5
    ) throws -> Response {
        let socket = try RawSocket(port: port)
        defer { socket.close() }
        let extra = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined()
        let length = method == "POST" ? "Content-Length: 0\r\n" : ""
        try socket.write(
            Array(
                "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(extra)\(length)Connection: close\r\n\r\n"
                    .utf8))
        let deadline = Date(timeIntervalSinceNow: timeout)
        var received: [UInt8] = []
        var headerEnd: Int?
        var contentLength: Int?
        var status = 0
        while true {
            if headerEnd == nil, let end = received.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound {
                headerEnd = end
                let head = String(decoding: received[..<end], as: UTF8.self)
                let lines = head.components(separatedBy: "\r\n")
                let parts = lines[0].split(separator: " ")
                guard parts.count >= 2, let code = Int(parts[1]) else { throw Failure.malformed(lines[0]) }
                status = code
                for line in lines.dropFirst() where line.lowercased().hasPrefix("content-length:") {
                    contentLength = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
                }
            }
            if let headerEnd, let contentLength, received.count - headerEnd >= contentLength {
                return Response(
                    status: status,
                    body: String(decoding: received[headerEnd..<(headerEnd + contentLength)], as: UTF8.self))
            }
            guard let chunk = try socket.read(deadline: deadline) else {
                guard let headerEnd else { throw Failure.malformed(String(decoding: received, as: UTF8.self)) }
                return Response(status: status, body: String(decoding: received[headerEnd...], as: UTF8.self))
            }
            received += chunk
        }
    }
}

/// A blocking TCP socket to a loopback port with deadline-bounded reads.
public final class RawSocket: @unchecked Sendable {
    public let descriptor: Int32

    /// Connects to `port` on 127.0.0.1; `receiveBuffer` shrinks the kernel's receive buffer
    /// (set before connecting, so the advertised window stays small).
    public init(port: Int, receiveBuffer: Int? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw HTTPProbe.Failure.connect(errno) }
        if var size = receiveBuffer.map(Int32.init) {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let error = errno
            Glibc.close(descriptor)
            throw HTTPProbe.Failure.connect(error)
        }
    }

    /// Writes all bytes in as few system calls as the kernel allows.
    public func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { throw HTTPProbe.Failure.connect(errno) }
            offset += written
        }
    }

    /// The next bytes, or nil at end of stream; throws when the deadline passes first.
    public func read(deadline: Date) throws -> [UInt8]? {
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw HTTPProbe.Failure.timedOut }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(remaining * 1000) + 1) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return nil }
            return Array(buffer[..<count])
        }
    }

    public func close() {
        Glibc.close(descriptor)
    }
}
