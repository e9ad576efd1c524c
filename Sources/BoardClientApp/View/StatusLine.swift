import BoardSync
import TerminalUI

/// The top line: board name, version, connection state, the people present in their colours and
/// the latest sentence the session said (the words a screen reader hears on the page); at the right end, markers that stay while they apply: a red
/// "insecure" when certificates are not checked and "view only" for a viewer.
enum StatusLine {
    static let insecureMarker = "insecure"
    static let viewOnlyMarker = "view only"

    static func draw(_ model: AppModel, time: Double, into buffer: inout Buffer) {
        let width = buffer.width
        let bar = Style(attributes: .reverse)
        buffer.fill(Rect(x: 0, y: 0, width: width, height: 1), with: Cell(" ", style: bar))
        let markers = markers(model, bar: bar)
        let markersWidth = markers.isEmpty ? 0 : markers.reduce(1) { $0 + $1.text.count }
        let leftWidth = max(0, width - markersWidth)
        let line = Rect(x: 0, y: 0, width: leftWidth, height: 1)
        var x = buffer.set(x: 1, y: 0, model.boardName?.rawValue ?? "", style: bar.adding(.bold), clip: line)
        x = buffer.set(x: x, y: 0, " v\(model.machine.version) · ", style: bar, clip: line)
        x = buffer.set(x: x, y: 0, connectionText(model, time: time), style: bar, clip: line)
        if !model.session.selection.isEmpty {
            x = buffer.set(
                x: x, y: 0, " · \(SessionWords.selected(model.session.selection.count))", style: bar.adding(.bold),
                clip: line)
        }
        x = drawPeople(model.machine.people, at: x, in: line, bar: bar, palette: model.palette, into: &buffer)
        if let action = model.session.lastAnnouncement, x + 4 < leftWidth {
            x = buffer.set(x: x, y: 0, " · ", style: bar, clip: line)
            buffer.write(action, x: x, y: 0, maxWidth: leftWidth - x, style: bar)
        }
        var markerX = leftWidth
        for marker in markers {
            markerX = buffer.set(x: markerX, y: 0, marker.text, style: marker.style)
        }
    }

    /// The markers that apply, each padded with a space on both sides.
    static func markers(_ model: AppModel, bar: Style) -> [(text: String, style: Style)] {
        var markers: [(text: String, style: Style)] = []
        if model.isInsecure {
            markers.append((" \(insecureMarker) ", Style(foreground: .white, background: .red, attributes: .bold)))
        }
        if model.machine.role == .viewer {
            markers.append((" \(viewOnlyMarker) ", bar.adding(.bold)))
        }
        return markers
    }

    static func connectionText(_ model: AppModel, time: Double) -> String {
        let pending = model.machine.pendingCount
        let suffix = pending > 0 ? " (\(pending) pending)" : ""
        switch model.session.connection {
        case .live:
            return "connected" + suffix
        case .idle, .connecting:
            return "connecting…" + suffix
        case .waiting(let until, let problem):
            let seconds = Int((until - time).rounded(.up))
            let problem = problem.map { "\($0) · " } ?? ""
            if pending > 0 {
                return problem + "offline with \(pending) pending, reconnecting in \(max(0, seconds))s"
            }
            return problem + "reconnecting in \(max(0, seconds))s"
        case .stopped(let reason):
            return pending > 0 ? "stopped with \(pending) pending: \(reason)" : "stopped: \(reason)"
        }
    }

    /// The people from column `start` of `line` on, each name in its colour (`×N` after a name
    /// several connections go by); those that do not fit in `line` are counted in a closing
    /// "+N". Answers where the text ends.
    static func drawPeople(
        _ people: [PresentPerson], at start: Int, in line: Rect, bar: Style, palette: ColorPalette,
        into buffer: inout Buffer
    ) -> Int {
        let width = line.x + line.width
        var x = start
        for (index, person) in people.enumerated() {
            let name = person.connections > 1 ? "\(person.user) ×\(person.connections)" : person.user
            let left = people.count - index - 1
            let room = 1 + DisplayWidth.of(name) + (left > 0 ? DisplayWidth.of(" +\(left)") : 0)
            if index > 0, x + room > width {
                return buffer.set(x: x, y: 0, " +\(people.count - index)", style: bar, clip: line)
            }
            x = buffer.set(x: x, y: 0, " ", style: bar, clip: line)
            x = buffer.set(
                x: x, y: 0, name,
                style: Style(
                    foreground: PeerColors.color(for: person.user, in: palette), attributes: [.reverse, .bold]),
                clip: line)
        }
        return x
    }
}
