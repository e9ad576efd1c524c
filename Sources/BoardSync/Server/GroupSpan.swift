/// The versions a group of ops was committed at (protocol 10.1): `count` consecutive versions
/// from `first`, and the version the group put the board back to when it was (part of) a restore.
/// Every member of a group carries it, in `op` messages, catch-up and history.
public struct GroupSpan: Hashable, Sendable {
    /// The version of the group's first member.
    public var first: Int
    /// How many members were committed.
    public var count: Int
    /// The version the board was put back to, when the group was submitted with `restores`
    /// (docs/PROTOCOL.md): history then names it as one restore instead of its changes.
    public var restores: Int?

    public init(first: Int, count: Int, restores: Int? = nil) {
        self.first = first
        self.count = count
        self.restores = restores
    }

    /// The version of the group's last member.
    public var last: Int { first + count - 1 }
}
