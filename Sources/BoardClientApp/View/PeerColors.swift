import TerminalUI

/// A stable colour for each client id, the same in every process (FNV-1a of the id picks from a
/// fixed palette).
public enum PeerColors {
    public static let palette: [Color] = [.cyan, .magenta, .yellow, .green, .blue, .red]

    public static func color(for client: String) -> Color {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in client.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return palette[Int(hash % UInt64(palette.count))]
    }
}
