import Foundation

/// The parts of a blocking HTTP/1.1 POST of a webhook delivery over plain TCP, within a deadline
/// for the whole exchange: resolve, connect, send, read the status line and headers, then the
/// body the headers announce (`WebhookConnection` keeps the connection for the next delivery).
/// Only the status matters to a sender; anything else a receiver does is a failure with a label
/// for `/metrics`.
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

    /// The request that POSTs `body` to `url` with `headers` beside `Host` and `Content-Length`
    /// (HTTP/1.1, so the connection stays open unless the receiver closes it).
    static func request(to url: WebhookURL, headers: [(name: String, value: String)], body: [UInt8]) -> [UInt8] {
        var head = "POST \(url.path) HTTP/1.1\r\nHost: \(url.hostHeader)\r\n"
        head += "Content-Length: \(body.count)\r\n"
        for header in headers { head += "\(header.name): \(header.value)\r\n" }
        head += "\r\n"
        return Array(head.utf8) + body
    }

    /// What one exchange on a connection came to, and whether the connection can carry the next.
    struct Exchange {
        let outcome: Outcome
        /// The answer was read whole, delimited by its length, and the receiver keeps the
        /// connection open.
        var keepsOpen = false
        /// The connection ended before a byte of an answer came: on a connection kept open
        /// from an earlier exchange, the receiver closed it and the request may be sent again.
        var unanswered = false
    }

    /// Why no connection was made.
    struct ConnectFailure: Error {
        let outcome: Outcome
    }

    static func connect(_ url: WebhookURL, deadline: Date) throws(ConnectFailure) -> Int32 {
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
    static func wait(_ socket: Int32, for events: Int16, deadline: Date) -> Bool {
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var entry = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&entry, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return true }
        }
    }

    static func write(_ bytes: [UInt8], to socket: Int32, deadline: Date) -> Outcome? {
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
    static func readAnswer(from socket: Int32, deadline: Date) -> Exchange {
        var received: [UInt8] = []
        var head: HTTPAnswerHead?
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            if head == nil, let answer = HTTPAnswerHead(received) {
                guard answer.status != nil else {
                    return Exchange(outcome: .failed("the receiver's answer is not HTTP"))
                }
                head = answer
            }
            if let head, let status = head.status, let end = head.bodyEnd(in: received) {
                return Exchange(outcome: .answered(status), keepsOpen: head.keepsOpen && received.count == end)
            }
            let status = head?.status
            if received.count > 1_048_576 {
                return Exchange(outcome: status.map { .answered($0) } ?? .failed("the receiver's answer is too long"))
            }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[0..<count]
            } else if count == 0 {
                return Exchange(
                    outcome: status.map { .answered($0) }
                        ?? .failed("the receiver closed the connection without an answer"),
                    unanswered: received.isEmpty)
            } else if errno == EAGAIN || errno == EINTR {
                if !wait(socket, for: Int16(POLLIN), deadline: deadline) {
                    return Exchange(outcome: status.map { .answered($0) } ?? .timedOut)
                }
            } else {
                let reason = "the connection broke while reading: \(String(cString: strerror(errno)))"
                return Exchange(outcome: status.map { .answered($0) } ?? .failed(reason), unanswered: received.isEmpty)
            }
        }
    }
}
