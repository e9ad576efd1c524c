/// A rectangular grid of cells stored row by row in one flat array.
///
/// Views draw into a `Buffer`; they never print. The `Terminal` compares the
/// new buffer with the previous one and sends only the difference.
/// All writes clip silently at the edges.
public struct Buffer: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// All cells, row-major: the cell at (x, y) is `cells[y * width + x]`.
    public private(set) var cells: [Cell]

    /// A buffer of `width` × `height` cells all equal to `fill`.
    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: fill, count: self.width * self.height)
    }

    /// A buffer whose rows show `lines` in the plain style; the width is the
    /// widest line, shorter lines are padded with spaces.
    public init(lines: [String]) {
        let widest = lines.map { DisplayWidth.of($0) }.max() ?? 0
        self.init(width: widest, height: lines.count)
        for (row, line) in lines.enumerated() {
            set(x: 0, y: row, line)
        }
    }

    /// The whole buffer as a rectangle at the origin.
    public var area: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at (x, y), or nil outside the buffer.
    public func cell(x: Int, y: Int) -> Cell? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        return cells[y * width + x]
    }

    /// Writes `text` starting at column `x` of row `y` and returns the column
    /// after the last character written (or skipped by clipping).
    ///
    /// Characters outside the buffer or outside `clip` are dropped; a wide
    /// character that would be cut in half is not drawn. Control characters
    /// and zero-width characters are ignored.
    @discardableResult
    public mutating func set(x: Int, y: Int, _ text: String, style: Style = .plain, clip: Rect? = nil) -> Int {
        let bounds = clip.map { $0.intersection(area) } ?? area
        var column = x
        guard y >= bounds.y, y < bounds.bottom else { return column + DisplayWidth.of(text) }
        if DisplayWidth.simpleWidth(of: text.utf8) != nil {
            // Every scalar is a grapheme of its own, one column wide unless it is a control.
            for scalar in text.unicodeScalars where DisplayWidth.simpleWidth(of: scalar.value) == 1 {
                if column >= bounds.x, column + 1 <= bounds.right {
                    place(String(scalar), width: 1, style: style, x: column, y: y)
                }
                column += 1
            }
            return column
        }
        for character in text {
            if DisplayWidth.isControl(character) { continue }
            let characterWidth = DisplayWidth.of(character)
            if characterWidth == 0 { continue }
            if column >= bounds.x, column + characterWidth <= bounds.right {
                place(String(character), width: characterWidth, style: style, x: column, y: y)
            }
            column += characterWidth
        }
        return column
    }

    /// Puts a single cell at (x, y); a wide symbol also claims the cell to its
    /// right. Does nothing when the cell (or half of it) would be outside.
    public mutating func set(x: Int, y: Int, cell: Cell) {
        let cellWidth = cell.isContinuation ? 1 : cell.width
        guard x >= 0, y >= 0, y < height, x + cellWidth <= width else { return }
        place(cell.symbol, width: cellWidth, style: cell.style, x: x, y: y)
    }

    /// Replaces the style of every cell inside `rect`, keeping the symbols.
    public mutating func setStyle(_ style: Style, in rect: Rect) {
        let target = rect.intersection(area)
        for row in target.y..<target.bottom {
            for column in target.x..<target.right {
                cells[row * width + column].style = style
            }
        }
    }

    private mutating func place(_ symbol: String, width symbolWidth: Int, style: Style, x: Int, y: Int) {
        let index = y * width + x
        detachWideCharacter(at: index, x: x)
        if symbolWidth == 2 {
            detachWideCharacter(at: index + 1, x: x + 1)
        }
        cells[index] = Cell(symbol, style: style, width: symbolWidth)
        if symbolWidth == 2 {
            cells[index + 1] = Cell("", style: style, width: 0)
        }
    }

    /// Before overwriting the cell at `index`, turns any wide character that
    /// overlaps it into blanks so no half character is left behind.
    private mutating func detachWideCharacter(at index: Int, x: Int) {
        if cells[index].isContinuation, x > 0 {
            cells[index - 1].symbol = " "
            cells[index].symbol = " "
        }
        if cells[index].width == 2, x + 1 < width, cells[index + 1].isContinuation {
            cells[index + 1].symbol = " "
        }
    }
}
