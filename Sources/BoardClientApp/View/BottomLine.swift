import BoardSync
import TerminalUI

/// The bottom line: the inline editor, the delete question, the newest notice or a key hint.
enum BottomLine {
    static func draw(_ model: AppModel, into buffer: inout Buffer) {
        let y = buffer.height - 1
        guard y >= 1 else { return }
        let width = buffer.width
        switch model.mode {
        case .editing(let editor):
            var x = buffer.set(x: 0, y: y, editor.prompt, style: Style(attributes: .bold))
            let room = max(0, width - x - 1)
            let shown = tail(of: editor.text, columns: room)
            x = buffer.set(x: x, y: y, shown)
            x = buffer.set(x: x, y: y, "▏", style: Style(attributes: .bold))
            if let problem = editor.problem {
                buffer.write("  " + problem, x: x, y: y, maxWidth: max(0, width - x), style: Style(foreground: .red))
            }
        case .confirmingDelete(let item):
            let label = model.machine.optimistic?.board.item(item)?.label ?? item.rawValue
            buffer.write(
                "Delete “\(label)”? y/n", x: 0, y: y, maxWidth: width, style: Style(foreground: .red, attributes: .bold)
            )
        case .confirmingSectionDelete(let id):
            let board = model.machine.optimistic?.board
            let section = board?.index(ofSection: id).map { board!.sections[$0] }
            buffer.write(
                AppModel.deletionQuestion(title: section?.title ?? id.rawValue, tiles: section?.items.count ?? 0), x: 0,
                y: y,
                maxWidth: width, style: Style(foreground: .red, attributes: .bold))
        case .holdingWithKeys:
            buffer.write(
                notice(model) ?? "arrows move · space/enter drop · esc cancel", x: 0, y: y, maxWidth: width,
                style: Style(attributes: .dim))
        default:
            if let text = notice(model) {
                buffer.write(text, x: 0, y: y, maxWidth: width, style: Style(foreground: .yellow))
            } else if model.history != nil {
                buffer.write(
                    "↑↓ scroll · Enter the board at that version · Esc close", x: 0, y: y, maxWidth: width,
                    style: Style(attributes: .dim))
            } else {
                buffer.write("? help · q quit", x: 0, y: y, maxWidth: width, style: Style(attributes: .dim))
            }
        }
    }

    static func notice(_ model: AppModel) -> String? {
        model.notices.last { $0.expires > model.now }?.text
    }

    /// The end of `text` that fits in `columns`, so the typing position stays visible.
    static func tail(of text: String, columns: Int) -> String {
        var shown = ""
        var used = 0
        for character in text.reversed() {
            let width = DisplayWidth.of(character)
            if used + width > columns { break }
            shown.insert(character, at: shown.startIndex)
            used += width
        }
        return shown
    }
}
