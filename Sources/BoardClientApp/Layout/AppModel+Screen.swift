import BoardSync
import TerminalUI

/// Where the parts of the screen go: the status line on top, the board, the focus line under
/// it (while a board shows; it says why an edit was refused while the editor is open), and the
/// bottom line with the key hints, a notice or the editor.
extension AppModel {
    /// True while the screen shows the board itself (not the picker, an earlier version or the
    /// history panel).
    var showsBoard: Bool { picker == nil && past == nil && history == nil }

    /// The most rows the focus line takes: up to four (a label of 100 characters and where it is
    /// at 40 columns), fewer on a short screen.
    var focusRowLimit: Int { max(1, min(4, (size.height - 4) / 3)) }

    /// The focus line's rows at this width (none while the board does not show or the screen
    /// has no room besides the status and bottom lines).
    public var focusRows: [FocusedStop.Row] {
        guard showsBoard, size.height >= 4, let stop = focusedStop else { return [] }
        return stop.rows(columns: max(1, size.width - 2), maxRows: focusRowLimit)
    }

    /// The first screen row of the board area and how many rows it has: below the status line,
    /// above the focus line and the bottom line.
    public var boardArea: Rect {
        Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 2 - focusRows.count))
    }

    /// Where the focus line is: the rows between the board and the bottom line.
    public var focusArea: Rect {
        let board = boardArea
        return Rect(x: 0, y: board.bottom, width: size.width, height: max(0, size.height - 1 - board.bottom))
    }

    /// Where the editor's field is on the bottom line: after the prompt, to the end of the line.
    /// (Why the last Enter was refused shows on the focus line above it.)
    func editorField(_ editor: LabelEditor) -> Rect {
        let start = DisplayWidth.of(editor.prompt)
        return Rect(x: start, y: size.height - 1, width: max(1, size.width - start), height: 1)
    }

    /// Rows a page key moves over: the board area less a row of tiles, so a tile of the last
    /// page stays in sight.
    public var pageRows: Int { max(layout.grid.height, boardArea.height - layout.grid.height) }
}
