import BoardSync
import TerminalUI

/// The terminal colour of each person: the core's `PeerColor` of their user name, so the
/// terminal and the browser page show everyone in the same colour.
public enum PeerColors {
    public static func color(for user: String) -> Color {
        switch PeerColor(user: user) {
        case .cyan: .cyan
        case .magenta: .magenta
        case .yellow: .yellow
        case .green: .green
        case .blue: .blue
        case .red: .red
        }
    }
}
