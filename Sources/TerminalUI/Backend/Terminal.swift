/// Double-buffered drawing: keeps the last frame sent to a backend and, on
/// `draw`, writes only the cells that changed.
public final class Terminal {
    public let backend: any TerminalBackend
    /// The frame the screen currently shows, nil before the first draw or
    /// after `forceFullRepaint()`.
    public private(set) var previous: Buffer?
    private let diffRenderer = ANSIRenderer()
    private let fullRenderer = FullRepaintRenderer()

    public init(backend: any TerminalBackend) {
        self.backend = backend
    }

    /// A blank buffer of the backend's current size to draw the next frame into.
    public func makeBuffer() throws(TerminalError) -> Buffer {
        let size = try backend.size()
        return Buffer(width: size.width, height: size.height)
    }

    /// Shows `buffer`: the first frame, a frame of a new size or one after
    /// `forceFullRepaint()` clears and paints everything; otherwise only the
    /// changed cells are written. Returns the number of bytes written (0 when
    /// nothing changed, in which case nothing is written or flushed).
    /// After a failed write the next `draw` repaints everything.
    @discardableResult
    public func draw(_ buffer: Buffer) throws(TerminalError) -> Int {
        let bytes: [UInt8]
        if let previous, previous.width == buffer.width, previous.height == buffer.height {
            bytes = diffRenderer.render(BufferDiff.changes(from: previous, to: buffer))
        } else {
            bytes = fullRenderer.render(buffer, clearingFirst: true)
        }
        guard !bytes.isEmpty else { return 0 }
        previous = nil
        try backend.write(bytes)
        try backend.flush()
        previous = buffer
        return bytes.count
    }

    /// Makes the next `draw` repaint the whole screen (after a resize or when
    /// something else may have written to the terminal).
    public func forceFullRepaint() {
        previous = nil
    }
}
