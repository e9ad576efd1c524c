import BoardSync
import TerminalUI

/// The bottom line: the inline editor, the delete question, the newest notice or a key hint.
enum BottomLine {
    static func draw(_ model: AppModel, into buffer: inout Buffer) {
        let y = buffer.height - 1
        guard y >= 1 else { return }
        let width = buffer.width
        if model.askingToQuit {
            let question = model.session.quitQuestion ?? "Every edit is sent now: quit?"
            buffer.write(
                question + " y/n", x: 0, y: y, maxWidth: width, style: Style(foreground: .red, attributes: .bold))
            return
        }
        switch model.mode {
        case .editing(let editor):
            buffer.set(x: 0, y: y, editor.prompt, style: Style(attributes: .bold))
            editor.field.draw(in: model.editorField(editor), into: &buffer)
        case .confirmingDelete(let item):
            let label = model.machine.optimistic?.board.item(item)?.label ?? item.rawValue
            buffer.write(
                "Delete “\(label)”? y/n", x: 0, y: y, maxWidth: width, style: Style(foreground: .red, attributes: .bold)
            )
        case .confirmingMarkedDelete(let count):
            buffer.write(
                "Delete the \(count) marked tiles? y/n", x: 0, y: y, maxWidth: width,
                style: Style(foreground: .red, attributes: .bold))
        case .confirmingSectionDelete(let id):
            let question = model.session.deletionQuestion(section: id) ?? "The section is gone: any key goes back."
            buffer.write(
                question + " y/n", x: 0, y: y, maxWidth: width, style: Style(foreground: .red, attributes: .bold))
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
                let hint =
                    model.focusedStop == .emptyBoardHint ? "S add a section · ? help · q quit" : "? help · q quit"
                buffer.write(hint, x: 0, y: y, maxWidth: width, style: Style(attributes: .dim))
            }
        }
    }

    static func notice(_ model: AppModel) -> String? {
        model.notices.last { $0.expires > model.now }?.text
    }
}
