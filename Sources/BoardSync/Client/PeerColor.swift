/// The colour every client shows a connection in: its presence name, its placeholder, the tiles it
/// moved. Chosen from the client id alone (FNV-1a of its bytes picks one of six), so the terminal,
/// the browser page and every other process agree without telling each other.
public enum PeerColor: String, CaseIterable, Hashable, Sendable {
    case cyan
    case magenta
    case yellow
    case green
    case blue
    case red

    /// The colour of the connection with client id `client`.
    public init(client: ClientID) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in client.rawValue.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        self = Self.allCases[Int(hash % UInt64(Self.allCases.count))]
    }
}
