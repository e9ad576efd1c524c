import TerminalUI

/// What the help overlay (`?`) says, and how it lays out in a box on a screen of any size: the
/// keys in a column of their own, what they do wrapped beside them, scrolled when the box is
/// shorter than the list.
enum HelpText {
    /// One line of the list: keys and what they do, or a heading.
    enum Entry {
        case keys(String, String)
        case heading(String)
    }

    static let entries: [Entry] = [
        .keys("← → h l", "the tile before or after, in reading order across sections"),
        .keys("↑ ↓ k j", "the tile above or below; sections are stacked one under the other"),
        .keys("PgUp PgDn", "a screen up or down"),
        .keys("Home g", "the first tile"),
        .keys("End G", "the last tile"),
        .keys("Space Enter", "pick up the tile (the marked tiles, on a marked one); again to drop"),
        .keys("arrows", "while holding: move it, the others make room"),
        .keys("Esc", "while holding: put it back; else unmark every tile"),
        .keys("m", "mark or unmark the tile, to move or delete several together"),
        .keys("M", "mark the tiles from the last marked one to the cursor"),
        .keys("mouse", "drag a tile (a marked one drags every marked tile); the wheel scrolls"),
        .keys("a", "add a tile after the cursor"),
        .keys("e", "rename the tile"),
        .keys("d", "delete the tile (asks y/n), or every marked tile"),
        .keys("S", "add a section at the end"),
        .keys("E", "rename the cursor's section"),
        .keys("< >", "move the section up or down"),
        .keys("D", "delete the section and its tiles (asks y/n)"),
        .keys("u", "undo your last change"),
        .keys("U", "redo what undo took back"),
        .keys("H", "the history of changes; Enter shows the board at one, r restores it"),
        .keys("b", "back to the list of boards"),
        .keys("?", "this help; ↑ ↓ PgUp PgDn scroll it, Esc closes it"),
        .keys("q Ctrl-C", "quit"),
        .heading("Typing a label or title"),
        .keys("← → Home End", "move (Ctrl-A, Ctrl-E: start, end)"),
        .keys("Alt-← Alt-→", "a word left or right (Alt-B, Alt-F)"),
        .keys("Backspace Del", "delete a character"),
        .keys("Ctrl-W", "delete the word before the cursor"),
        .keys("Ctrl-U Ctrl-K", "delete all before or after the cursor"),
        .keys("Enter Esc", "confirm, cancel"),
    ]

    /// The widest the box gets.
    static let maximumWidth = 66
    /// The keys column's width.
    static let keysWidth = entries.map { if case .keys(let keys, _) = $0 { DisplayWidth.of(keys) } else { 0 } }.max()!

    /// One line of the box's inside: keys (or a heading), and the part of a description on it
    /// from column `indent` of the inside on.
    struct Line: Equatable {
        var keys: String
        var text: String
        var indent = 0
        var isHeading = false
    }

    /// Where the box is on a screen of `size`: centred, as wide as the screen allows up to
    /// `maximumWidth`, as high as its lines need up to the screen's height.
    static func box(on size: TerminalSize) -> Rect {
        let width = min(size.width, maximumWidth)
        let height = min(size.height, lines(columns: width - 4).count + 2)
        return Rect(
            x: max(0, (size.width - width) / 2), y: max(0, (size.height - height) / 2), width: width, height: height)
    }

    /// The lines inside a box with `columns` columns of text: each description wrapped beside
    /// its keys (or below them, when the box is too narrow for both).
    static func lines(columns: Int) -> [Line] {
        guard columns > 0 else { return [] }
        let textColumns = columns - keysWidth - 2
        var lines: [Line] = []
        for entry in entries {
            switch entry {
            case .heading(let title):
                lines.append(Line(keys: "", text: ""))
                lines.append(Line(keys: title, text: "", isHeading: true))
            case .keys(let keys, let text) where textColumns >= 12:
                for (index, part) in TextWrapping.lines(text, columns: textColumns, maxLines: .max).enumerated() {
                    lines.append(Line(keys: index == 0 ? keys : "", text: part, indent: keysWidth + 2))
                }
            case .keys(let keys, let text):
                lines.append(Line(keys: keys, text: ""))
                for part in TextWrapping.lines(text, columns: max(1, columns - 2), maxLines: .max) {
                    lines.append(Line(keys: "", text: part, indent: 2))
                }
            }
        }
        return lines
    }

    /// How many lines the box shows at once on a screen of `size`.
    static func visibleRows(on size: TerminalSize) -> Int {
        max(0, box(on: size).height - 2)
    }

    /// The farthest the list scrolls on a screen of `size`.
    static func maximumScroll(on size: TerminalSize) -> Int {
        max(0, lines(columns: box(on: size).width - 4).count - visibleRows(on: size))
    }
}
