#if canImport(Glibc)
    import Glibc
#endif

/// A loopback port nothing listens on, for tests of a refused connection: the port the system
/// gave a socket of our own, closed again. (A fixed port such as 1 is not safe: another process
/// of the machine may listen on it.)
public enum ClosedPort {
    public static func loopback() -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        precondition(descriptor >= 0, "cannot open a socket")
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                precondition(bind(descriptor, $0, length) == 0, "cannot bind a loopback socket")
                _ = getsockname(descriptor, $0, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
