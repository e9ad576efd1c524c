/// Why the server ended a drag that its holder did not cancel; the raw value is the wire string.
public enum DragEndReason: String, Hashable, Sendable, CaseIterable {
    /// The holder disconnected.
    case left
    /// The holder sent nothing about the drag for 60 seconds.
    case timeout
    /// Another committed op deleted the item (or its section).
    case deleted
}
