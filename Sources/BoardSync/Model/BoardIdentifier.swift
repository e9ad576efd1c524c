/// What the typed identifiers of a board have in common: each wraps the id's text exactly as the
/// protocol sends it (section 2), compares, orders and hashes as that text does, and prints as
/// it. A string literal makes one (interpolations included), so fixed ids read as they always did;
/// other text becomes an id only through `init(_:)`, so an item's id cannot stand where a
/// section's or a client's is expected.
public protocol BoardIdentifier: Hashable, Comparable, Sendable, CustomStringConvertible,
    CustomDebugStringConvertible, ExpressibleByStringInterpolation
where StringLiteralType == String, StringInterpolation == DefaultStringInterpolation {
    /// The id's text, as it travels on the wire.
    var rawValue: String { get }

    /// The id whose text is `rawValue`.
    init(_ rawValue: String)
}

extension BoardIdentifier {
    @inlinable public init(stringLiteral value: String) { self.init(value) }

    @inlinable public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }

    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// Ids order as their texts do (`String`'s `<`, which on ids' ASCII is their byte order).
    @inlinable public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    @inlinable public var description: String { rawValue }

    /// Quoted, as a `String` id was shown in dumps and test failures.
    public var debugDescription: String { rawValue.debugDescription }
}
