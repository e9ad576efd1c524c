import TerminalUI

/// Draws single tiles into a buffer, clipped to the board area so tiles scrolled half out of
/// sight never touch the status or bottom line. A flashing tile shows its label in reverse video.
enum TilePainter {
    static func paint(
        _ label: String, style: TileStyle, at rect: Rect, clip: Rect, flashing: Bool = false, into buffer: inout Buffer
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
        let inner = String(repeating: border.horizontal, count: rect.width - 2)
        let blank = String(repeating: " ", count: rect.width - 2)
        for row in 0..<rect.height {
            let y = rect.y + row
            let line: String
            if row == 0 {
                line = "\(border.topLeft)\(inner)\(border.topRight)"
            } else if row == rect.height - 1 {
                line = "\(border.bottomLeft)\(inner)\(border.bottomRight)"
            } else {
                line = "\(border.vertical)\(blank)\(border.vertical)"
            }
            _ = buffer.set(x: rect.x, y: y, line, style: lineStyle, clip: clip)
        }
        let textRow = rect.y + rect.height / 2
        let room = max(0, rect.width - 4)
        guard room > 0, textRow >= clip.y, textRow < clip.bottom else { return }
        let trimmed = TextTrimming.trimmed(text, toColumns: room)
        if flashing { textStyle = textStyle.adding(.reverse) }
        let area = Rect(x: rect.x + 2, y: textRow, width: room, height: 1).intersection(clip)
        _ = buffer.set(x: rect.x + 2, y: textRow, trimmed, style: textStyle, clip: area)
    }
}
