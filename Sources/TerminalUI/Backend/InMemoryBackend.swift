/// A backend for tests: records every byte written and replays flushed
/// output onto a `VirtualScreen`, so tests can read what a terminal would show.
public final class InMemoryBackend: TerminalBackend {
    /// Every byte written so far, flushed or not.
    public private(set) var written: [UInt8] = []
    /// How many times `flush()` was called.
    public private(set) var flushCount = 0
    /// The emulated screen, updated on every flush.
    public private(set) var screen: VirtualScreen
    private var unflushed: [UInt8] = []
    private var currentSize: TerminalSize

    public init(width: Int, height: Int) {
        currentSize = TerminalSize(width: width, height: height)
        screen = VirtualScreen(width: width, height: height)
    }

    public func size() throws(TerminalError) -> TerminalSize { currentSize }

    public func write(_ bytes: [UInt8]) throws(TerminalError) {
        written += bytes
        unflushed += bytes
    }

    public func flush() throws(TerminalError) {
        flushCount += 1
        screen.apply(unflushed)
        unflushed = []
    }

    /// Simulates the user resizing the window.
    public func resize(width: Int, height: Int) {
        currentSize = TerminalSize(width: width, height: height)
        screen.resize(width: width, height: height)
    }

    /// Returns the bytes written since the previous call and forgets them.
    public func takeWritten() -> [UInt8] {
        defer { written = [] }
        return written
    }
}
