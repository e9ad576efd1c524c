/// The size limits a board enforces (protocol section 7 defaults); the server makes them configurable.
public struct Limits: Hashable, Sendable {
    public var maxItems: Int
    public var maxSections: Int
    public var maxTextLength: Int
    /// The rules labels and titles are checked by: all of them for new ops, only those of
    /// protocol section 2 for ops committed earlier.
    public var textRules: TextRules

    public init(
        maxItems: Int = 10_000, maxSections: Int = 64, maxTextLength: Int = Validation.defaultTextLimit,
        textRules: TextRules = .current
    ) {
        self.maxItems = maxItems
        self.maxSections = maxSections
        self.maxTextLength = maxTextLength
        self.textRules = textRules
    }

    public static let `default` = Limits()

    /// No limit at all: for ops that were checked when they were committed (replayed from a
    /// store, committed by another server, or received by a client from its server), which
    /// limits lowered or text rules added since must not refuse.
    public static let unlimited = Limits(maxItems: .max, maxSections: .max, maxTextLength: .max, textRules: .committed)
}
