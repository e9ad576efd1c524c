/// The size limits a board enforces (protocol section 7 defaults); the server makes them configurable.
public struct Limits: Hashable, Sendable {
    public var maxItems: Int
    public var maxSections: Int
    public var maxTextLength: Int

    public init(maxItems: Int = 10_000, maxSections: Int = 64, maxTextLength: Int = Validation.defaultTextLimit) {
        self.maxItems = maxItems
        self.maxSections = maxSections
        self.maxTextLength = maxTextLength
    }

    public static let `default` = Limits()

    /// No limit at all: for ops that were checked when they were committed (replayed from a
    /// store, or committed by another server), which limits lowered since must not refuse.
    public static let unlimited = Limits(maxItems: .max, maxSections: .max, maxTextLength: .max)
}
