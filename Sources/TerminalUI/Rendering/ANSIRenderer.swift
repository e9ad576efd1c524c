/// Turns a list of changed cells into the shortest byte string this module
/// knows: the cursor moves only when the next cell is not where the previous
/// one ended, SGR is sent only when the style changes, and the whole frame is
/// wrapped in synchronized output (`ESC[?2026h` … `ESC[?2026l`).
/// An empty list produces no bytes at all.
public struct ANSIRenderer: Sendable {
    public init() {}

    public func render(_ changes: [CellChange]) -> [UInt8] {
        guard !changes.isEmpty else { return [] }
        var writer = FrameWriter()
        for change in changes {
            writer.draw(change.cell, x: change.x, y: change.y)
        }
        return writer.finish()
    }
}

/// Writes every cell of a buffer: the baseline to compare the diff renderer
/// with, and what the terminal sends after a resize.
public struct FullRepaintRenderer: Sendable {
    public init() {}

    /// The frame that paints all of `buffer`; with `clearingFirst` the screen
    /// is reset and erased before painting.
    public func render(_ buffer: Buffer, clearingFirst: Bool = false) -> [UInt8] {
        var writer = FrameWriter()
        if clearingFirst {
            writer.append(ANSISequence.resetStyle + ANSISequence.clearScreen)
            writer.invalidateState()
        }
        for row in 0..<buffer.height {
            for column in 0..<buffer.width {
                guard let cell = buffer.cell(x: column, y: row), !cell.isContinuation else { continue }
                writer.draw(cell, x: column, y: row)
            }
        }
        return writer.finish()
    }
}
