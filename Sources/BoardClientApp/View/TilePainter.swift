import TerminalUI

/// Draws single tiles into a buffer, clipped to the board area so tiles scrolled half out of
/// sight never touch the status or bottom line. A flashing tile shows its label in reverse video;
/// a tile the person marked (to move or delete with others) shows a tick in its top border.
enum TilePainter {
    /// The tick a marked tile carries in its top border.
    static let markGlyph = "✓"

    static func paint(
        _ label: String, style: TileStyle, at rect: Rect, clip: Rect, flashing: Bool = false, selected: Bool = false,
        into buffer: inout Buffer
    ) {
        let border: BorderStyle
        var lineStyle = Style.plain
        var textStyle = Style.plain
        var text = label
        switch style {
        case .normal:
            border = .single
        case .cursor(let mark):
            border = .bold
            lineStyle = Style(foreground: mark ?? .yellow, attributes: .bold)
            textStyle = Style(attributes: .bold)
        case .lifted:
            border = .double
            lineStyle = Style(foreground: .white, attributes: .bold)
            textStyle = Style(attributes: .bold)
        case .travelling(let color):
            border = .double
            lineStyle = Style(foreground: color ?? .default, attributes: .bold)
            textStyle = Style(foreground: color ?? .default, attributes: .bold)
        case .marked(let color):
            border = .rounded
            lineStyle = Style(foreground: color, attributes: .bold)
            textStyle = Style(foreground: color, attributes: .bold)
        case .placeholder(let holder, let color):
            border = TileStyle.dashed
            lineStyle = Style(foreground: holder == nil ? .default : color, attributes: .dim)
            textStyle = Style(foreground: color)
            text = holder ?? ""
        case .fading:
            border = .single
            lineStyle = Style(attributes: .dim)
            textStyle = Style(attributes: .dim)
        }
        guard rect.width >= 2, rect.height >= 2 else { return }
        paintBox(border, style: lineStyle, at: rect, clip: clip, into: &buffer)
        if selected, rect.width >= 4, rect.y >= clip.y, rect.y < clip.bottom {
            let area = Rect(x: rect.x + 1, y: rect.y, width: 1, height: 1).intersection(clip)
            _ = buffer.set(x: rect.x + 1, y: rect.y, markGlyph, style: Style(attributes: .bold), clip: area)
            textStyle = textStyle.adding(.bold)
        }
        let room = max(0, rect.width - TileMetrics.padding)
        let lineRows = max(1, rect.height - 2)
        guard room > 0 else { return }
        if flashing { textStyle = textStyle.adding(.reverse) }
        // No character is wider than its UTF-8 bytes, so a short label needs no measuring.
        let lines =
            text.utf8.count <= room
            ? [text]
            : lineRows == 1
                ? [TextTrimming.trimmed(text, toColumns: room)]
                : TextWrapping.lines(text, columns: room, maxLines: lineRows)
        for (offset, line) in lines.enumerated() {
            let row = rect.y + 1 + offset
            guard row >= clip.y, row < clip.bottom else { continue }
            let area = Rect(x: rect.x + 2, y: row, width: room, height: 1).intersection(clip)
            _ = buffer.set(x: rect.x + 2, y: row, line, style: textStyle, clip: area)
        }
    }

    /// The border and the blank inside of a box, one prepared cell per kind of position, so a
    /// frame full of tiles measures no text.
    private static func paintBox(
        _ border: BorderStyle, style: Style, at rect: Rect, clip: Rect, into buffer: inout Buffer
    ) {
        let visible = rect.intersection(clip).intersection(buffer.area)
        guard !visible.isEmpty else { return }
        let last = (x: rect.width - 1, y: rect.height - 1)
        let top = (Cell(String(border.topLeft), style: style), Cell(String(border.topRight), style: style))
        let bottom = (Cell(String(border.bottomLeft), style: style), Cell(String(border.bottomRight), style: style))
        let horizontal = Cell(String(border.horizontal), style: style)
        let vertical = Cell(String(border.vertical), style: style)
        let blank = Cell(" ", style: style)
        for y in visible.y..<visible.bottom {
            let row = y - rect.y
            for x in visible.x..<visible.right {
                let column = x - rect.x
                let cell: Cell
                if row == 0 || row == last.y {
                    let corners = row == 0 ? top : bottom
                    cell = column == 0 ? corners.0 : column == last.x ? corners.1 : horizontal
                } else {
                    cell = column == 0 || column == last.x ? vertical : blank
                }
                buffer.set(x: x, y: y, cell: cell)
            }
        }
    }
}
