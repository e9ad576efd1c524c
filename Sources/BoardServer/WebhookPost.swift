import Foundation

/// One blocking HTTP/1.1 POST of a webhook delivery over plain TCP (`Connection: close`),
/// within a deadline for the whole exchange: resolve, connect, send, read the status line and
/// headers, then the body the headers announce. Only the status matters to a sender; anything
/// else a receiver does is a failure with a label for `/metrics`.
enum WebhookPost {
    /// What a POST came to.
    enum Outcome: Equatable, Sendable {
        /// The receiver answered with this status.
        case answered(Int)
        /// No complete answer within the deadline.
        case timedOut
        /// Nothing listens at the address (the connection was refused).
        case refused
        /// The host has no address, the network is unreachable, or the answer is not HTTP.
        case failed(String)

        /// Whether the delivery is done (a 2xx answer).
        var delivered: Bool {
            if case .answered(let status) = self { return (200..<300).contains(status) }
            return false
        }

        /// The `status` label of a failure in `/metrics`: the status code, `timeout`, `refused`
        /// or `error`.
        var label: String {
            switch self {
            case .answered(let status): String(status)
            case .timedOut: "timeout"
            case .refused: "refused"
            case .failed: "error"
            }
        }

        /// The outcome in words, for the log.
        var words: String {
            switch self {
            case .answered(let status): "the receiver answered \(status)"
            case .timedOut: "no answer in time"
            case .refused: "the connection was refused"
            case .failed(let reason): reason
            }
        }
    }

    /// POSTs `body` to `url` with `headers` (beside `Host`, `Content-Length` and `Connection`),
    /// giving up after `timeout` seconds.
    static func send(
        to url: WebhookURL, headers: [(name: String, value: String)], body: [UInt8], timeout: Double
    ) -> Outcome {
        let deadline = Date().addingTimeInterval(timeout)
        var head = "POST \(url.path) HTTP/1.1\r\nHost: \(url.hostHeader)\r\nConnection: close\r\n"
        head += "Content-Length: \(body.count)\r\n"
        for header in headers { head += "\(header.name): \(header.value)\r\n" }
        head += "\r\n"
        let request = Array(head.utf8) + body
        let socket: Int32
        do {
            socket = try connect(url, deadline: deadline)
        } catch {
            return error.outcome
        }
        defer { close(socket) }
        if let failure = write(request, to: socket, deadline: deadline) { return failure }
        return readAnswer(from: socket, deadline: deadline)
    }

    /// Why no connection was made.
    private struct ConnectFailure: Error {
        let outcome: Outcome
    }

    private static func connect(_ url: WebhookURL, deadline: Date) throws(ConnectFailure) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(url.host, String(url.port), &hints, &found) == 0, let first = found else {
            throw ConnectFailure(outcome: .failed("the host \(url.host) has no address"))
        }
        defer { freeaddrinfo(first) }
        var last = Outcome.failed("the host \(url.host) has no address")
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let socket = Glibc.socket(
                address.pointee.ai_family,
                Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
                    | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard socket >= 0 else { continue }
            if Glibc.connect(socket, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
                return socket
            }
            if errno == EINPROGRESS {
                if !wait(socket, for: Int16(POLLOUT), deadline: deadline) {
                    close(socket)
                    throw ConnectFailure(outcome: .timedOut)
                }
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length)
                if error == 0 { return socket }
                last = connectFailure(error)
            } else {
                last = connectFailure(errno)
            }
            close(socket)
        }
        throw ConnectFailure(outcome: last)
    }

    private static func connectFailure(_ error: Int32) -> Outcome {
        error == ECONNREFUSED ? .refused : .failed("cannot connect: \(String(cString: strerror(error)))")
    }

    /// Waits until `socket` is ready for `events`; false when the deadline passed first.
    private static func wait(_ socket: Int32, for events: Int16, deadline: Date) -> Bool {
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var entry = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&entry, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return true }
        }
    }

    private static func write(_ bytes: [UInt8], to socket: Int32, deadline: Date) -> Outcome? {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count > 0 {
                sent += count
            } else if count < 0, errno == EAGAIN || errno == EINTR {
                if !wait(socket, for: Int16(POLLOUT), deadline: deadline) { return .timedOut }
            } else {
                return .failed("the connection broke while sending: \(String(cString: strerror(errno)))")
            }
        }
        return nil
    }

    /// Reads the status line and headers, then drains the body they announce (or up to the end
    /// of the connection), so that the receiver never sees its answer cut off.
    private static func readAnswer(from socket: Int32, deadline: Date) -> Outcome {
        var received: [UInt8] = []
        var status: Int?
        var bodyEnd: Int?
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            if status == nil, let answer = HTTPAnswerHead(received) {
                guard let code = answer.status else { return .failed("the receiver's answer is not HTTP") }
                status = code
                bodyEnd = answer.contentLength.map { answer.headLength + $0 }
            }
            if let status, let bodyEnd, received.count >= bodyEnd { return .answered(status) }
            if received.count > 1_048_576 {
                return status.map { .answered($0) } ?? .failed("the receiver's answer is too long")
            }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[0..<count]
            } else if count == 0 {
                return status.map { .answered($0) } ?? .failed("the receiver closed the connection without an answer")
            } else if errno == EAGAIN || errno == EINTR {
                if !wait(socket, for: Int16(POLLIN), deadline: deadline) {
                    return status.map { .answered($0) } ?? .timedOut
                }
            } else {
                return status.map { .answered($0) }
                    ?? .failed("the connection broke while reading: \(String(cString: strerror(errno)))")
            }
        }
    }
}

/// The status line and headers of an HTTP/1.x answer, once all of them have arrived.
struct HTTPAnswerHead: Equatable {
    /// The status code; nil when the first line is not an HTTP/1.x status line.
    let status: Int?
    /// The `Content-Length`, when the answer has one.
    let contentLength: Int?
    /// Bytes up to and including the blank line after the headers.
    let headLength: Int

    /// Nil until `bytes` hold the whole head.
    init?(_ bytes: [UInt8]) {
        let end: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4,
            let index = (0...(bytes.count - 4)).first(where: { bytes[$0..<($0 + 4)].elementsEqual(end) })
        else { return nil }
        headLength = index + 4
        let lines = String(decoding: bytes[0..<index], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", maxSplits: 2)
        if parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let code = Int(parts[1]) {
            status = code
        } else {
            status = nil
        }
        var length: Int?
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            if line[..<colon].lowercased() == "content-length" {
                length = Int(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
        }
        contentLength = length
    }
}
