/// Why a server could not start listening: what the transport reports and the server puts in
/// words.
public enum ListenError: Error, Equatable {
    case invalidHost(String)
    /// The socket library could not start for another reason (a TLS certificate and key that do not
    /// load, among others).
    case contextCreationFailed(host: String?, port: Int)
    /// No interface of this machine has the address.
    case addressNotAvailable(host: String, port: Int)
    /// Another socket listens on the port.
    case portInUse(port: Int)
    /// The process may not bind the port (ports below 1024 need privileges).
    case permissionDenied(host: String, port: Int)
    case alreadyStarted
    /// `stop` was called before the server listened.
    case stopped
}
