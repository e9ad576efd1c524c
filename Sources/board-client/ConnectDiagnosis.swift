import BoardClientApp
import Foundation
import WebSocketTransport

#if canImport(Glibc)
    import Glibc
#endif

/// Finds out why an attempt to reach the server failed where the networking library does not
/// say ("Unable to connect"): a TCP connection of its own to the server's port tells a refused
/// port from a host that does not answer or cannot be routed to, and for a `wss://` URL a plain
/// HTTP request tells a server that does not speak TLS from a handshake that failed otherwise.
enum ConnectDiagnosis {
    /// How long each probe waits.
    static let timeout: Int32 = 2_000

    static func problem(_ error: any Error, endpoints: ServerEndpoints) -> ConnectionProblem {
        guard let error = error as? ClientConnectError else { return .other("\(error)") }
        return problem(error, endpoints: endpoints)
    }

    static func problem(_ error: ClientConnectError, endpoints: ServerEndpoints) -> ConnectionProblem {
        switch error {
        case .untrustedCertificate: return .untrustedCertificate
        case .refused(let status): return .refusedByServer(httpStatus: status)
        case .timedOut: return .noAnswer
        case .invalidURL(let url): return .other("\(url) is not a server's URL")
        case .contextClosed: return .other("the client is shutting down")
        case .failed(let text):
            let (host, port) = endpoints.hostAndPort
            if let known = ConnectionProblem.classify(libraryText: text) {
                guard known == .tlsFailed, endpoints.isSecure else { return known }
                return speaksPlainHTTP(host: host, port: port) ? .notTLS : .tlsFailed
            }
            return probe(host: host, port: port) ?? .other(text)
        }
    }

    /// Why a TCP connection to `host`:`port` fails, or nil when it succeeds.
    static func probe(host: String, port: Int) -> ConnectionProblem? {
        switch connect(host: host, port: port) {
        case .success(let descriptor):
            close(descriptor)
            return nil
        case .failure(let problem):
            return problem
        }
    }

    /// Whether `host`:`port` answers a plain HTTP request with an HTTP status line.
    static func speaksPlainHTTP(host: String, port: Int) -> Bool {
        guard case .success(let descriptor) = connect(host: host, port: port) else { return false }
        defer { close(descriptor) }
        let request = Array("GET /healthz HTTP/1.0\r\nHost: \(host)\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) > 0 else {
            return false
        }
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64)
        while reply.count < 5 {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, timeout) > 0 else { return false }
            let count = recv(descriptor, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            reply += chunk.prefix(count)
        }
        return reply.starts(with: Array("HTTP/".utf8))
    }

    /// A connected TCP socket to `host`:`port`, or why there is none.
    private static func connect(host: String, port: Int) -> Result<Int32, ConnectionProblem> {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
            return .failure(.unknownHost)
        }
        defer { freeaddrinfo(found) }
        let descriptor = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard descriptor >= 0 else { return .failure(.other("cannot open a socket")) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var failure: Int32 = 0
        if Glibc.connect(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) != 0 {
            failure = errno
            if failure == EINPROGRESS {
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                if poll(&ready, 1, timeout) <= 0 {
                    failure = ETIMEDOUT
                } else {
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length)
                }
            }
        }
        guard failure != 0 else {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            return .success(descriptor)
        }
        close(descriptor)
        switch failure {
        case ECONNREFUSED: return .failure(.refused)
        case ETIMEDOUT: return .failure(.noAnswer)
        case EHOSTUNREACH, ENETUNREACH: return .failure(.noRoute)
        default: return .failure(.other(String(cString: strerror(failure)).lowercased()))
        }
    }
}
