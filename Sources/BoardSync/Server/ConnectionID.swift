/// An opaque handle the server shell assigns to each WebSocket connection of a board. The
/// sequencer only compares handles; it never creates them.
public struct ConnectionID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var rawValue: UInt64

    public init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }

    public static func < (lhs: ConnectionID, rhs: ConnectionID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
}
