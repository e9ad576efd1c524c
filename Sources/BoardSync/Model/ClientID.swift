/// A client's id: chosen by a client process and kept across its reconnects, it names who
/// submitted an op, who holds a drag and who is on a board (protocol section 2).
public struct ClientID: BoardIdentifier {
    public var rawValue: String

    @inlinable public init(_ rawValue: String) {
        self.rawValue = rawValue
    }
}
