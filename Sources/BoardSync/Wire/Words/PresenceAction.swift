/// Whether a `presence` message announces a client joining or leaving; the raw value is the wire
/// string.
public enum PresenceAction: String, Hashable, Sendable, CaseIterable {
    case join
    case leave
}
