import BoardSync
import TerminalUI

/// The history panel over the board area: a heading, then one line per change, newest first:
/// its version, its words in the colour of who made it, and when.
enum HistoryView {
    static func draw(_ model: AppModel, _ panel: HistoryPanel, into buffer: inout Buffer) {
        let area = model.boardArea
        guard !area.isEmpty else { return }
        buffer.fill(area)
        buffer.write(
            "History of \(model.boardName?.rawValue ?? "") · newest first", x: 1, y: area.y, maxWidth: area.width - 1,
            style: Style(attributes: .bold))
        let top = area.y + 1
        let rows = model.historyRows
        let shownWidth = panel.lines.dropFirst(panel.scroll).prefix(rows).map(\.versions.count).max() ?? 2
        let versionWidth = max(panel.lines.first?.versions.count ?? 2, shownWidth)
        for (offset, line) in panel.lines.dropFirst(panel.scroll).prefix(rows).enumerated() {
            let index = panel.scroll + offset
            let y = top + offset
            let chosen = index == panel.selected
            var x = buffer.set(
                x: 0, y: y, chosen ? " ▸ " : "   ",
                style: chosen ? Style(foreground: .yellow, attributes: .bold) : .plain)
            let version = line.versions
            x = buffer.set(
                x: x, y: y, version + String(repeating: " ", count: versionWidth - version.count) + "  ",
                style: Style(attributes: .dim))
            let when = line.entry.committedAt.map { " · " + model.wallClock.describe($0, now: model.now) } ?? ""
            let room = max(0, area.width - x - DisplayWidth.of(when))
            let textStyle =
                chosen
                ? Style(foreground: model.color(of: line.entry.user), attributes: [.bold, .reverse])
                : Style(foreground: model.color(of: line.entry.user))
            x = buffer.write(line.text, x: x, y: y, maxWidth: room, style: textStyle)
            buffer.set(x: x, y: y, when, style: Style(attributes: .dim), clip: area)
        }
        let after = top + panel.lines.count - panel.scroll
        guard after < top + rows else { return }
        let status: String? =
            if let problem = panel.problem { problem } else if panel.loading {
                panel.lines.isEmpty ? "loading the history…" : "loading older changes…"
            } else if panel.lines.isEmpty {
                "no changes yet"
            } else if panel.complete {
                "(the oldest change the server keeps)"
            } else { nil }
        if let status {
            buffer.write(
                "   " + status, x: 0, y: after, maxWidth: area.width,
                style: panel.problem == nil ? Style(attributes: .dim) : Style(foreground: .red))
        }
    }
}
