extension TextField {
    /// The counter shown at the end of the field, `87/100`, once the text has `counterFrom`
    /// scalars; nil before that, or without a limit.
    public var counter: String? {
        guard let limit, let counterFrom, scalarCount >= counterFrom else { return nil }
        return "\(scalarCount)/\(limit)"
    }

    /// The columns the text and the cursor get in a field `columns` wide: all of them, less the
    /// counter and the space before it while the counter shows.
    public func textColumns(inField columns: Int) -> Int {
        guard let counter else { return max(0, columns) }
        return max(1, columns - counter.count - 1)
    }

    /// The first cluster shown in `columns` of text: `scroll` where the cursor is in sight from
    /// there, else moved just enough to bring it in sight, with one cluster before the cursor
    /// and a column after it kept free for the marks that say the text goes on.
    public func visibleStart(columns: Int) -> Int {
        let widths = text.map { DisplayWidth.of($0) }
        let cursorWidth = cursor < widths.count ? max(1, widths[cursor]) : 1
        if widths.reduce(0, +) + 1 <= columns { return 0 }
        func span(_ range: Range<Int>) -> Int { widths[range].reduce(0, +) }
        var start = min(scroll, max(0, cursor - 1))
        while start < cursor, span(start..<cursor) + cursorWidth + 1 > columns { start += 1 }
        while start > 0, span((start - 1)..<widths.count) + 1 <= columns { start -= 1 }
        return start
    }

    /// Keeps the cursor in sight in a field `columns` wide (the whole field, counter included):
    /// call it after every key, so the text scrolls only as far as the cursor makes it.
    public mutating func reveal(inField columns: Int) {
        setScroll(visibleStart(columns: textColumns(inField: columns)))
    }

    /// Draws the field on the row of `rect`: the text from `visibleStart`, the cursor as one
    /// cell in `cursorStyle` (a blank one at the end of the text), `…` in `markStyle` at an edge
    /// where the text goes on out of sight, and the counter at the right end (in `overStyle`
    /// past the limit).
    public func draw(
        in rect: Rect, into buffer: inout Buffer, style: Style = .plain,
        cursorStyle: Style = Style(attributes: .reverse), markStyle: Style = Style(attributes: .dim),
        overStyle: Style = Style(foreground: .red, attributes: .bold)
    ) {
        guard rect.width > 0, rect.height > 0 else { return }
        let y = rect.y
        let columns = textColumns(inField: rect.width)
        let area = Rect(x: rect.x, y: y, width: columns, height: 1)
        let start = visibleStart(columns: columns)
        var x = rect.x
        var cursorX: Int?
        var cutRight = false
        for (offset, character) in text.dropFirst(start).enumerated() {
            let width = DisplayWidth.of(character)
            if x + width > area.right {
                cutRight = true
                break
            }
            let isCursor = start + offset == cursor
            if isCursor { cursorX = x }
            x = buffer.set(x: x, y: y, String(character), style: isCursor ? cursorStyle : style, clip: area)
        }
        if cursor == count, x < area.right {
            cursorX = x
            buffer.set(x: x, y: y, " ", style: cursorStyle, clip: area)
        }
        if start > 0, cursorX != rect.x {
            buffer.set(x: rect.x, y: y, "…", style: markStyle, clip: area)
        }
        if cutRight, cursorX != area.right - 1 {
            buffer.set(x: area.right - 1, y: y, "…", style: markStyle, clip: area)
        }
        if let counter {
            let over = scalarCount > (limit ?? .max)
            buffer.set(
                x: rect.right - counter.count, y: y, counter, style: over ? overStyle : markStyle, clip: rect)
        }
    }
}
