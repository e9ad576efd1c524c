import BoardSync
import TerminalUI

/// The top line: board name, version, connection state, the "insecure" and "view only" markers,
/// the people present in their colours and the latest remote action.
enum StatusLine {
    static let insecureMarker = "insecure"
    static let viewOnlyMarker = "view only"

    static func draw(_ model: AppModel, time: Double, into buffer: inout Buffer) {
        let width = buffer.width
        let bar = Style(attributes: .reverse)
        buffer.fill(Rect(x: 0, y: 0, width: width, height: 1), with: Cell(" ", style: bar))
        let line = Rect(x: 0, y: 0, width: width, height: 1)
        var x = buffer.set(x: 1, y: 0, model.boardName, style: bar.adding(.bold), clip: line)
        x = buffer.set(x: x, y: 0, " v\(model.machine.version) · ", style: bar, clip: line)
        x = buffer.set(x: x, y: 0, connectionText(model, time: time), style: bar, clip: line)
        if model.isInsecure {
            x = buffer.set(x: x, y: 0, " ", style: bar, clip: line)
            x = buffer.set(
                x: x, y: 0, " \(insecureMarker) ", style: Style(foreground: .white, background: .red, attributes: .bold),
                clip: line)
        }
        if model.machine.role == .viewer {
            x = buffer.set(x: x, y: 0, " · ", style: bar, clip: line)
            x = buffer.set(x: x, y: 0, viewOnlyMarker, style: bar.adding(.bold), clip: line)
        }
        for (client, user) in people(model) {
            x = buffer.set(x: x, y: 0, " ", style: bar, clip: line)
            x = buffer.set(
                x: x, y: 0, user,
                style: Style(foreground: PeerColors.color(for: client), attributes: [.reverse, .bold]),
                clip: line)
        }
        if let action = model.lastRemoteAction, x + 4 < width {
            x = buffer.set(x: x, y: 0, " · ", style: bar, clip: line)
            buffer.write(action, x: x, y: 0, maxWidth: width - x, style: bar)
        }
    }

    static func connectionText(_ model: AppModel, time: Double) -> String {
        let pending = model.machine.pendingCount
        let suffix = pending > 0 ? " (\(pending) pending)" : ""
        switch model.connection {
        case .connected:
            return "connected" + suffix
        case .connecting:
            return "connecting…" + suffix
        case .reconnecting(let at):
            let seconds = Int((at - time).rounded(.up))
            let problem = model.connectionProblem.map { "\($0) · " } ?? ""
            if pending > 0 {
                return problem + "offline with \(pending) pending, reconnecting in \(max(0, seconds))s"
            }
            return problem + "reconnecting in \(max(0, seconds))s"
        }
    }

    /// This client first, then the others by name.
    static func people(_ model: AppModel) -> [(String, String)] {
        [(model.machine.clientID, model.machine.user)]
            + model.machine.peers.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map { ($0.key, $0.value) }
    }
}
