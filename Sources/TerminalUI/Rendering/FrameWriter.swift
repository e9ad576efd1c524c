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

    mutating func draw(_ cell: Cell, x: Int, y: Int) {
        move(toX: x, y: y)
        if style != cell.style {
            bytes += ANSISequence.selectGraphicRendition(cell.style)
            style = cell.style
        }
        bytes += Array(cell.symbol.utf8)
        cursor = (x + max(1, cell.width), y)
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
