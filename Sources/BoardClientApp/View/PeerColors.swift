import BoardSync
import TerminalUI

/// The terminal colour of each person, from the core's choice by their user name: on a terminal
/// with the 256-colour palette one of twelve hues (`PeerHue`: two shades of each of the six
/// colours, all legible on a dark background and far apart from each other), otherwise the six
/// ANSI colours (`PeerColor`), the ones the browser page shows.
public enum PeerColors {
    /// The 256-colour palette's entry of each hue, by `PeerHue.index`: the first shades of cyan,
    /// magenta, yellow, green, blue and red, then the second shades in the same order.
    public static let hues256: [UInt8] = [51, 201, 227, 46, 111, 202, 30, 213, 214, 84, 99, 210]

    public static func color(for user: String, in palette: ColorPalette) -> Color {
        switch palette {
        case .indexed256:
            return .indexed(hues256[PeerHue(user: user).index])
        case .ansi:
            switch PeerColor(user: user) {
            case .cyan: return .cyan
            case .magenta: return .magenta
            case .yellow: return .yellow
            case .green: return .green
            case .blue: return .blue
            case .red: return .red
            }
        }
    }
}

extension AppModel {
    /// The colour of the person named `user` on this terminal.
    public func color(of user: String) -> Color {
        PeerColors.color(for: user, in: palette)
    }
}
