import Foundation
import Glibc
import ServerTransport

/// Whether the server really listens once its context exists, and why not when it does not.
///
/// libwebsockets 4.1.6 creates a context even when the address to bind is not one of this
/// machine's (it logs "DOESN'T EXIST" and serves nothing), and fails to create one for a port in
/// use without saying why to its caller. `isListening` looks for this process's listening
/// socket itself; `failure` binds a socket of its own the same way to learn the reason.
enum ListenCheck {
    /// Whether a socket of this process listens on `address` and `port` (not 0).
    static func isListening(_ address: ListenAddress, port: Int) -> Bool {
        guard port > 0 else { return false }
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.contains { name in
            guard let descriptor = Int32(name) else { return false }
            var accepting: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            return getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &length) == 0 && accepting == 1
                && boundPort(descriptor, matching: address) == port
        }
    }

    /// The local port of `descriptor` when it is bound to `address` (any address of the family
    /// it asks for, for a wildcard).
    private static func boundPort(_ descriptor: Int32, matching address: ListenAddress) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            let ipv4 = withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee }
            }
            let text = presentation(AF_INET, ipv4.sin_addr)
            switch address {
            case .any: break
            case .ipv4(let host): guard host == "0.0.0.0" || text == host else { return nil }
            case .ipv6: return nil
            }
            return Int(UInt16(bigEndian: ipv4.sin_port))
        case AF_INET6:
            let ipv6 = withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee }
            }
            let text = presentation(AF_INET6, ipv6.sin6_addr)
            switch address {
            case .any: break
            case .ipv4(let host):
                guard text == "::ffff:" + host || (host == "0.0.0.0" && text == "::") else { return nil }
            case .ipv6(let host): guard normalized(host) == text else { return nil }
            }
            return Int(UInt16(bigEndian: ipv6.sin6_port))
        default:
            return nil
        }
    }

    /// Why `address` and `port` cannot be listened on, found by binding a socket of our own as
    /// libwebsockets does (address reuse on); nil when the bind succeeds.
    static func failure(_ address: ListenAddress, port: Int, host: String) -> ListenError? {
        let family = address.isIPv6 ? AF_INET6 : AF_INET
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        let result: Int32
        switch address {
        case .ipv6(let text):
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = UInt16(port).bigEndian
            guard inet_pton(AF_INET6, text, &socketAddress.sin6_addr) == 1 else { return .invalidHost(host) }
            result = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        case .ipv4, .any:
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = UInt16(port).bigEndian
            if case .ipv4(let text) = address, inet_pton(AF_INET, text, &socketAddress.sin_addr) != 1 {
                return .invalidHost(host)
            }
            result = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard result != 0 else { return listen(descriptor, 1) == 0 ? nil : .portInUse(port: port) }
        switch errno {
        case EADDRINUSE: return .portInUse(port: port)
        case EADDRNOTAVAIL: return .addressNotAvailable(host: host, port: port)
        case EACCES, EPERM: return .permissionDenied(host: host, port: port)
        default: return nil
        }
    }

    private static func presentation(_ family: Int32, _ address: in_addr) -> String {
        var copy = address
        return withUnsafeBytes(of: &copy) { presentation(family, $0.baseAddress!) }
    }

    private static func presentation(_ family: Int32, _ address: in6_addr) -> String {
        var copy = address
        return withUnsafeBytes(of: &copy) { presentation(family, $0.baseAddress!) }
    }

    /// The text `inet_ntop` writes for the address of `family` at `address`.
    private static func presentation(_ family: Int32, _ address: UnsafeRawPointer) -> String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(family, address, &text, socklen_t(text.count)) != nil else { return "" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// An IPv6 address in the form `inet_ntop` writes it.
    private static func normalized(_ host: String) -> String {
        var address = in6_addr()
        guard inet_pton(AF_INET6, host, &address) == 1 else { return host }
        return presentation(AF_INET6, address)
    }
}
