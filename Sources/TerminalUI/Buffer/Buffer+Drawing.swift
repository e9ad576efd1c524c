extension Buffer {
    /// Sets every cell inside `rect` (clipped to the buffer) to `cell`.
    public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        let target = rect.intersection(area)
        let step = max(1, cell.width)
        for row in target.y..<target.bottom {
            var column = target.x
            while column + step <= target.right {
                set(x: column, y: row, cell: cell)
                column += step
            }
        }
    }

    /// Draws the outline of `rect` with `border`. A `title` is written into the
    /// top edge after the corner, trimmed with `…` to the space available.
    /// Rectangles smaller than 2 × 2 are not drawn.
    public mutating func drawBox(
        _ rect: Rect, border: BorderStyle = .single, style: Style = .plain, title: String? = nil
    ) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let horizontal = String(repeating: border.horizontal, count: rect.width - 2)
        set(x: rect.x, y: rect.y, "\(border.topLeft)\(horizontal)\(border.topRight)", style: style)
        set(x: rect.x, y: rect.bottom - 1, "\(border.bottomLeft)\(horizontal)\(border.bottomRight)", style: style)
        let vertical = String(border.vertical)
        for row in (rect.y + 1)..<(rect.bottom - 1) {
            set(x: rect.x, y: row, vertical, style: style)
            set(x: rect.right - 1, y: row, vertical, style: style)
        }
        if let title, rect.width > 2 {
            write(title, x: rect.x + 1, y: rect.y, maxWidth: rect.width - 2, style: style)
        }
    }

    /// Writes `text` at (x, y) using at most `maxWidth` columns; text that
    /// does not fit is cut and ends in `…`. Returns the column after the text.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, maxWidth: Int, style: Style = .plain) -> Int {
        let trimmed = TextTrimming.trimmed(text, toColumns: maxWidth)
        return set(x: x, y: y, trimmed, style: style, clip: Rect(x: x, y: y, width: maxWidth, height: 1))
    }

    /// Each row as text, wide characters once, ignoring styles: a picture of
    /// the buffer for tests and debugging.
    public func textLines(trimmingTrailingSpaces: Bool = false) -> [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width {
                line += cells[row * width + column].symbol
            }
            if trimmingTrailingSpaces {
                while line.last == " " { line.removeLast() }
            }
            return line
        }
    }
}
