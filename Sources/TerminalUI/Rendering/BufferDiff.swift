/// One cell that must be redrawn: its position and new content.
public struct CellChange: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var cell: Cell

    public init(x: Int, y: Int, cell: Cell) {
        self.x = x
        self.y = y
        self.cell = cell
    }
}

/// The cells that differ between two buffers, in row-major order.
public enum BufferDiff {
    /// Every cell of `next` that differs from `previous`. Continuation cells
    /// (right halves of wide characters) are never listed: drawing the wide
    /// character covers them. Buffers of different sizes yield every cell of `next`.
    ///
    /// After a changed cluster that terminals may draw wider than it is (`DisplayWidth.mayVary`),
    /// the two cells after it are listed too, changed or not: a terminal that gave it more
    /// columns has drawn over them.
    public static func changes(from previous: Buffer, to next: Buffer) -> [CellChange] {
        let sameSize = previous.width == next.width && previous.height == next.height
        var changes: [CellChange] = []
        var redrawThrough = -1
        // Cells are compared in place: copying each one out would retain and release its symbol.
        next.cells.withUnsafeBufferPointer { nextCells in
            previous.cells.withUnsafeBufferPointer { previousCells in
                for index in nextCells.indices {
                    let cell = nextCells.baseAddress! + index
                    if cell.pointee.isContinuation { continue }
                    let column = index % next.width
                    let forced = index <= redrawThrough && column > 0
                    if !forced, sameSize, Cell.sameContent(previousCells.baseAddress! + index, cell) {
                        // A wide character whose right half was overwritten is drawn again.
                        let rightHalfChanged =
                            cell.pointee.width == 2 && index + 1 < nextCells.count
                            && !Cell.sameContent(previousCells.baseAddress! + index + 1, cell + 1)
                        if !rightHalfChanged { continue }
                    }
                    changes.append(CellChange(x: column, y: index / next.width, cell: cell.pointee))
                    if cell.pointee.symbol.utf8.count > 1, DisplayWidth.mayVary(cell.pointee.symbol) {
                        redrawThrough = max(redrawThrough, index + cell.pointee.width + 1)
                    }
                }
            }
        }
        return changes
    }
}
