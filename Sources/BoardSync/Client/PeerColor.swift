/// The colour every client shows a person in: their presence name, their placeholder, the tiles
/// they moved. Chosen from the user name alone (FNV-1a of its UTF-8 bytes picks one of six), so
/// the terminal, the browser page and every other process agree without telling each other, and
/// a person keeps their colour when they reload the page, reconnect or come back from another
/// device (a new client id each time).
public enum PeerColor: String, CaseIterable, Hashable, Sendable {
    case cyan
    case magenta
    case yellow
    case green
    case blue
    case red

    /// The colour of the person named `user`.
    public init(user: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in user.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        self = Self.allCases[Int(hash % UInt64(Self.allCases.count))]
    }
}
