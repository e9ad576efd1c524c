/// The step of a drag that a `drag` message reports; the raw value is the wire string.
public enum DragAction: String, Hashable, Sendable, CaseIterable {
    case begin
    case over
    case cancel
}
