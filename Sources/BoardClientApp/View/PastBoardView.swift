import BoardSync
import TerminalUI

/// An earlier version of the board, read-only: the status line in yellow says which version and
/// when, the tiles are drawn plain, and the bottom line names the change and how to return.
enum PastBoardView {
    static let marker = "read-only"

    static func draw(_ model: AppModel, _ past: PastBoard, into buffer: inout Buffer) {
        let width = buffer.width
        let bar = Style(foreground: .black, background: .yellow, attributes: .bold)
        buffer.fill(Rect(x: 0, y: 0, width: width, height: 1), with: Cell(" ", style: bar))
        let when = model.wallClock.describe(past.at, now: model.now)
        buffer.write(
            " \(model.boardName?.rawValue ?? "") as it was at v\(past.board.version) · \(when) · \(marker) · Esc returns",
            x: 0, y: 0,
            maxWidth: width, style: bar)
        let area = model.boardArea.intersection(Rect(x: 0, y: 0, width: width, height: buffer.height))
        let view = BoardView(board: past.board)
        let layout = BoardLayout(view: view, width: width, metrics: model.metrics)
        let offset = area.y - past.scroll
        for frame in layout.sections {
            AppView.drawTitle(
                frame.title, count: frame.cellIDs.count, row: frame.titleRow + offset, style: SectionTitleStyle(),
                area: area, into: &buffer)
        }
        for section in view.sections {
            for cell in section.cells {
                guard let rect = layout.tiles[cell.id] else { continue }
                let screen = Rect(x: rect.x, y: rect.y + offset, width: rect.width, height: rect.height)
                TilePainter.paint(cell.label, style: .normal, at: screen, clip: area, into: &buffer)
            }
        }
        if let question = past.restoreQuestion {
            buffer.write(
                "\(question) y restores · n keeps it as it is",
                x: 0,
                y: buffer.height - 1, maxWidth: width, style: Style(foreground: .red, attributes: .bold))
        } else if let text = BottomLine.notice(model) {
            buffer.write(text, x: 0, y: buffer.height - 1, maxWidth: width, style: Style(foreground: .yellow))
        } else {
            buffer.write(
                "v\(past.board.version): \(past.change) · ↑↓ scroll · r restore this version · Esc back to the history",
                x: 0, y: buffer.height - 1, maxWidth: width, style: Style(foreground: .yellow))
        }
    }
}
