import BoardSync
import TerminalUI

/// The picker's screen: the server on the status line, the boards with their versions and
/// sizes, the name typed so far, and the keys.
enum PickerView {
    static func draw(_ model: AppModel, _ picker: BoardPicker, into buffer: inout Buffer) {
        let width = buffer.width
        let bar = Style(attributes: .reverse)
        buffer.fill(Rect(x: 0, y: 0, width: width, height: 1), with: Cell(" ", style: bar))
        var x = buffer.set(x: 1, y: 0, "boards", style: bar.adding(.bold))
        let count =
            picker.problem == nil ? picker.boards.map { " · \($0.count) board\($0.count == 1 ? "" : "s")" } ?? "" : ""
        x = buffer.set(
            x: x, y: 0, " on \(model.serverName)\(count)", style: bar, clip: Rect(x: 0, y: 0, width: width, height: 1))
        let area = model.boardArea
        guard area.height >= 3 else { return }
        if picker.showsTrash {
            drawTrash(model, picker, area: area, into: &buffer)
            return
        }
        let table = BoardTable(picker.boards ?? [], minimumNameWidth: 12, maximumNameWidth: 40)
        buffer.write("  " + table.header, x: 0, y: area.y, maxWidth: width, style: Style(attributes: .dim))
        let rows = picker.rows
        let listTop = area.y + 1
        let visible = model.pickerRows
        if let problem = picker.problem {
            buffer.write(problem, x: 2, y: listTop, maxWidth: width - 2, style: Style(foreground: .red))
        } else if picker.boards == nil {
            buffer.write(
                "loading the list of boards…", x: 2, y: listTop, maxWidth: width - 2, style: Style(attributes: .dim))
        } else if rows.isEmpty {
            let text = picker.typed.isEmpty ? "no boards yet: type a name to create one" : "no board matches"
            buffer.write(text, x: 2, y: listTop, maxWidth: width - 2, style: Style(attributes: .dim))
        }
        let shown = picker.problem == nil ? rows.dropFirst(picker.scroll).prefix(visible) : []
        for (offset, row) in shown.enumerated() {
            let index = picker.scroll + offset
            let chosen = index == picker.selected
            let style = chosen ? Style(foreground: .yellow, attributes: .bold) : Style.plain
            let text: String
            switch row {
            case .board(let board):
                text = table.row(board)
            case .create(let name):
                text = "+ new board “\(name)”"
            }
            buffer.write((chosen ? "▸ " : "  ") + text, x: 0, y: listTop + offset, maxWidth: width, style: style)
        }
        let prompt = "Open or create: "
        let inputRow = buffer.height - 2
        if inputRow > listTop {
            var end = buffer.set(x: 0, y: inputRow, prompt, style: Style(attributes: .bold))
            end = buffer.set(x: end, y: inputRow, picker.typed)
            buffer.set(x: end, y: inputRow, "▏", style: Style(attributes: .bold))
        }
        if let board = picker.confirmingDelete {
            buffer.write(
                SessionWords.deleteBoard(board.id, tiles: board.items) + " y/n", x: 0, y: buffer.height - 1,
                maxWidth: width, style: Style(foreground: .yellow, attributes: .bold))
            return
        }
        let hint =
            BottomLine.notice(model)
            ?? "Enter open · Del delete · Tab trash · ctrl-r reload · \(picker.typed.isEmpty ? "q" : "ctrl-c") quit"
        buffer.write(
            hint, x: 0, y: buffer.height - 1, maxWidth: width,
            style: BottomLine.notice(model) == nil ? Style(attributes: .dim) : Style(foreground: .yellow))
    }

    /// The trash instead of the boards: each deleted board with when it was deleted.
    private static func drawTrash(_ model: AppModel, _ picker: BoardPicker, area: Rect, into buffer: inout Buffer) {
        let width = buffer.width
        let trashed = picker.trash ?? []
        let table = BoardTable(trashed.map(TrashTable.summary), minimumNameWidth: 12, maximumNameWidth: 40)
        buffer.write(
            "  " + table.header + "  DELETED", x: 0, y: area.y, maxWidth: width, style: Style(attributes: .dim))
        let listTop = area.y + 1
        if picker.trash == nil {
            buffer.write("loading the trash…", x: 2, y: listTop, maxWidth: width - 2, style: Style(attributes: .dim))
        } else if trashed.isEmpty {
            buffer.write("The trash is empty.", x: 2, y: listTop, maxWidth: width - 2, style: Style(attributes: .dim))
        }
        let first = max(0, picker.trashSelected - model.pickerRows + 1)
        for (offset, entry) in trashed.dropFirst(first).prefix(model.pickerRows).enumerated() {
            let chosen = first + offset == picker.trashSelected
            let style = chosen ? Style(foreground: .yellow, attributes: .bold) : Style.plain
            let text = table.row(TrashTable.summary(entry)) + "  " + entry.deleted.rfc3339
            buffer.write((chosen ? "▸ " : "  ") + text, x: 0, y: listTop + offset, maxWidth: width, style: style)
        }
        let hint = BottomLine.notice(model) ?? "trash · Enter restore · Tab boards · ctrl-r reload · q quit"
        buffer.write(
            hint, x: 0, y: buffer.height - 1, maxWidth: width,
            style: BottomLine.notice(model) == nil ? Style(attributes: .dim) : Style(foreground: .yellow))
    }
}
