/// An arrow key's direction.
public enum Direction: Hashable, Sendable {
    case left, right, up, down
}
