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
    public static func changes(from previous: Buffer, to next: Buffer) -> [CellChange] {
        let sameSize = previous.width == next.width && previous.height == next.height
        var changes: [CellChange] = []
        let nextCells = next.cells
        let previousCells = previous.cells
        for index in nextCells.indices {
            let cell = nextCells[index]
            if cell.isContinuation { continue }
            if sameSize && previousCells[index] == cell {
                if cell.width == 2, index + 1 < nextCells.count, previousCells[index + 1] != nextCells[index + 1] {
                    changes.append(CellChange(x: index % next.width, y: index / next.width, cell: cell))
                }
                continue
            }
            changes.append(CellChange(x: index % next.width, y: index / next.width, cell: cell))
        }
        return changes
    }
}
