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
        // Cells are compared in place: copying each one out would retain and release its symbol.
        next.cells.withUnsafeBufferPointer { nextCells in
            previous.cells.withUnsafeBufferPointer { previousCells in
                for index in nextCells.indices {
                    if nextCells[index].isContinuation { continue }
                    if sameSize && Cell.sameContent(previousCells.baseAddress! + index, nextCells.baseAddress! + index)
                    {
                        if nextCells[index].width == 2, index + 1 < nextCells.count,
                            !Cell.sameContent(
                                previousCells.baseAddress! + index + 1, nextCells.baseAddress! + index + 1)
                        {
                            changes.append(
                                CellChange(x: index % next.width, y: index / next.width, cell: nextCells[index]))
                        }
                        continue
                    }
                    changes.append(CellChange(x: index % next.width, y: index / next.width, cell: nextCells[index]))
                }
            }
        }
        return changes
    }
}
