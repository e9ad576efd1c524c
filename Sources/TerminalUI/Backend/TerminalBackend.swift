/// The size of a terminal in columns and rows.
public struct TerminalSize: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// Failures of terminal I/O; `errno` values are carried where the OS gave one.
public enum TerminalError: Error, Hashable, Sendable {
    /// The descriptor is not a terminal.
    case notATerminal(descriptor: Int32)
    case readAttributesFailed(errno: Int32)
    case writeAttributesFailed(errno: Int32)
    case sizeUnavailable(errno: Int32)
    case writeFailed(errno: Int32)
    case readFailed(errno: Int32)
    /// The input reached end of file or hung up.
    case inputClosed
    case pipeFailed(errno: Int32)
    case signalHandlerFailed(signal: Int32, errno: Int32)
}

/// Where frames go: a real terminal or an in-memory screen for tests.
public protocol TerminalBackend: AnyObject {
    /// The current size of the screen.
    func size() throws(TerminalError) -> TerminalSize
    /// Queues `bytes` for output.
    func write(_ bytes: [UInt8]) throws(TerminalError)
    /// Sends everything queued.
    func flush() throws(TerminalError)
}
