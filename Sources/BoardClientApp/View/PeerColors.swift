import BoardSync
import TerminalUI

/// The terminal colour of each connection: the core's `PeerColor` of its client id, so the
/// terminal and the browser page show everyone in the same colour.
public enum PeerColors {
    public static func color(for client: ClientID) -> Color {
        switch PeerColor(client: client) {
        case .cyan: .cyan
        case .magenta: .magenta
        case .yellow: .yellow
        case .green: .green
        case .blue: .blue
        case .red: .red
        }
    }
}
