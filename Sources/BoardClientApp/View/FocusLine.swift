import TerminalUI

/// The line under the board: the focused tile's whole label in bold, then its section and place
/// in it, dim; on a board without sections, the hint that says how to add one; while the editor
/// is open and its last Enter was refused, why.
enum FocusLine {
    static func draw(_ model: AppModel, into buffer: inout Buffer) {
        let area = model.focusArea.intersection(buffer.area)
        guard !area.isEmpty else { return }
        buffer.fill(area)
        if case .editing(let editor) = model.mode, let problem = editor.problem {
            buffer.write(
                problem, x: 1, y: area.y, maxWidth: max(0, area.width - 1),
                style: Style(foreground: .red, attributes: .bold))
            return
        }
        let isHint = model.focusedStop == .emptyBoardHint
        let labelStyle = isHint ? Style(foreground: .yellow, attributes: .bold) : Style(attributes: .bold)
        for (offset, row) in model.focusRows.enumerated() where offset < area.height {
            let y = area.y + offset
            let end = buffer.write(row.label, x: 1, y: y, maxWidth: max(0, area.width - 1), style: labelStyle)
            buffer.write(row.detail, x: end, y: y, maxWidth: max(0, area.right - end), style: Style(attributes: .dim))
        }
    }
}
