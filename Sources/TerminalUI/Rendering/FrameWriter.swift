/// Accumulates one frame of output, remembering the cursor position and the
/// active style so it only emits moves and SGR sequences that change something.
struct FrameWriter {
    private(set) var bytes: [UInt8] = ANSISequence.beginSynchronizedUpdate
    private var cursor: (x: Int, y: Int)?
    private var style: Style?

    mutating func append(_ raw: [UInt8]) {
        bytes += raw
    }

    /// Forgets the cursor and style, e.g. after clearing the screen.
    mutating func invalidateState() {
        cursor = nil
        style = nil
    }

    /// Writes `cell` at (x, y). A cluster terminals may measure differently (`DisplayWidth.mayVary`)
    /// is placed defensively: the column its right half takes is blanked first, for a terminal
    /// that draws it one column wide, and the cursor is forgotten afterwards, so the next cell
    /// is placed with an explicit move wherever the terminal left the cursor.
    mutating func draw(_ cell: Cell, x: Int, y: Int) {
        let varies = DisplayWidth.mayVary(cell.symbol)
        if varies, cell.width == 2 {
            move(toX: x + 1, y: y)
            setStyle(cell.style)
            bytes.append(UInt8(ascii: " "))
            cursor = (x + 2, y)
        }
        move(toX: x, y: y)
        setStyle(cell.style)
        bytes += Array(cell.symbol.utf8)
        cursor = varies ? nil : (x + max(1, cell.width), y)
    }

    private mutating func setStyle(_ next: Style) {
        if style != next {
            bytes += ANSISequence.selectGraphicRendition(next)
            style = next
        }
    }

    /// Ends the frame: back to the default style, then the synchronized-update end.
    mutating func finish() -> [UInt8] {
        if let style, style != .plain {
            bytes += ANSISequence.resetStyle
        }
        bytes += ANSISequence.endSynchronizedUpdate
        return bytes
    }

    private mutating func move(toX x: Int, y: Int) {
        if let cursor, cursor.y == y {
            if cursor.x == x { return }
            if cursor.x < x {
                let distance = x - cursor.x
                bytes += ANSISequence.csi(distance == 1 ? "C" : "\(distance)C")
                return
            }
        }
        bytes += ANSISequence.moveCursor(x: x, y: y)
    }
}
