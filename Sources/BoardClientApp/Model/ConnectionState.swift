/// How the client's link to the server looks to the person using it.
public enum ConnectionState: Hashable, Sendable {
    /// Waiting for the transport or for the welcome.
    case connecting
    case connected
    /// The next attempt starts at `at`.
    case reconnecting(at: Double)
}
