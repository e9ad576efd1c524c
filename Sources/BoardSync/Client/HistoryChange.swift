/// One change of a board's history in words: an op alone, or the members of a group.
public struct HistoryChange: Hashable, Sendable {
    /// The op, or the group's members given, in version order.
    public var entries: [SequencedOp]
    /// The change in words.
    public var words: String
    /// Each member's own words, in the order of `entries`; empty for an op alone.
    public var memberWords: [String]

    /// Whether it is a group's.
    public var isGroup: Bool { entries.first?.group != nil }
}
