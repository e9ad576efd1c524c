/// The versions a group of ops was committed at (protocol 10.1): `count` consecutive versions
/// from `first`. Every member of a group carries it, in `op` messages, catch-up and history.
public struct GroupSpan: Hashable, Sendable {
    /// The version of the group's first member.
    public var first: Int
    /// How many members were committed.
    public var count: Int

    public init(first: Int, count: Int) {
        self.first = first
        self.count = count
    }

    /// The version of the group's last member.
    public var last: Int { first + count - 1 }
}
