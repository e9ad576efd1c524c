/// What a connection may do on a board; the raw value is the wire string.
public enum Role: String, Hashable, Sendable, CaseIterable {
    /// May submit ops and drag.
    case editor
    /// May only watch.
    case viewer
}
