/// The colour every client shows a person in: their presence name, their placeholder, the tiles
/// they moved. Chosen from the user name alone (FNV-1a of its UTF-8 bytes picks one of six), so
/// the terminal, the browser page and every other process agree without telling each other, and
/// a person keeps their colour when they reload the page, reconnect or come back from another
/// device (a new client id each time). `PeerHue` tells apart more people where a display has
/// more colours.
public enum PeerColor: String, CaseIterable, Hashable, Sendable {
    case cyan
    case magenta
    case yellow
    case green
    case blue
    case red

    /// The colour of the person named `user`.
    public init(user: String) {
        self = PeerHue(user: user).color
    }

    /// FNV-1a (64 bits) of the UTF-8 bytes of `user`: what a person's colour and hue come from.
    static func nameHash(_ user: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in user.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}

/// A person's colour on a display with more than six colours (a terminal with the 256-colour
/// palette): one of twelve hues, two shades of each `PeerColor`. It comes from the same hash of
/// the name, taken modulo twelve, whose remainder modulo six is the `PeerColor`; so everyone
/// agrees on it, and a person is in the same colour on every display, in a shade of their own
/// where the display has one.
public struct PeerHue: Hashable, Sendable {
    /// How many shades each of the six colours comes in.
    public static let shadesPerColor = 2
    /// How many hues there are.
    public static let count = PeerColor.allCases.count * shadesPerColor

    /// The six-colour family everyone agrees on.
    public let color: PeerColor
    /// Which shade of `color`, 0 or 1.
    public let shade: Int

    /// The hue of the person named `user`.
    public init(user: String) {
        let index = Int(PeerColor.nameHash(user) % UInt64(Self.count))
        let colors = PeerColor.allCases.count
        color = PeerColor.allCases[index % colors]
        shade = index / colors
    }

    /// The hue's place among all of them, 0 to `count - 1`: `shade` × 6 + the colour's place.
    public var index: Int {
        shade * PeerColor.allCases.count + PeerColor.allCases.firstIndex(of: color)!
    }
}
