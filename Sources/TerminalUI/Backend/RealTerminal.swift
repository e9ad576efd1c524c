#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A backend on a real terminal: raw mode through termios, the alternate
/// screen, a hidden cursor, SGR mouse reporting and bracketed paste.
///
/// `enter()` switches all of that on and arms `TerminalRestorer` so a crash
/// or a fatal signal still restores the terminal; `restore()` undoes it and
/// may be called any number of times. Output is buffered until `flush()`.
public final class RealTerminal: TerminalBackend {
    /// Which terminal features `enter` turns on.
    public struct Options: Hashable, Sendable {
        public var alternateScreen: Bool
        public var hideCursor: Bool
        public var mouse: Bool
        public var bracketedPaste: Bool

        public init(
            alternateScreen: Bool = true, hideCursor: Bool = true, mouse: Bool = true, bracketedPaste: Bool = true
        ) {
            self.alternateScreen = alternateScreen
            self.hideCursor = hideCursor
            self.mouse = mouse
            self.bracketedPaste = bracketedPaste
        }
    }

    public let inputDescriptor: Int32
    public let outputDescriptor: Int32
    private var originalAttributes: termios?
    private var restoreSequence: [UInt8] = []
    private var outputBuffer: [UInt8] = []
    /// True between a successful `enter` and `restore`.
    public private(set) var isActive = false

    public init(inputDescriptor: Int32 = STDIN_FILENO, outputDescriptor: Int32 = STDOUT_FILENO) {
        self.inputDescriptor = inputDescriptor
        self.outputDescriptor = outputDescriptor
    }

    deinit {
        restore()
    }

    /// Puts the terminal into raw mode and turns on the chosen features.
    public func enter(_ options: Options = Options()) throws(TerminalError) {
        guard !isActive else { return }
        guard isatty(inputDescriptor) != 0 else { throw .notATerminal(descriptor: inputDescriptor) }
        var attributes = termios()
        guard tcgetattr(inputDescriptor, &attributes) == 0 else { throw .readAttributesFailed(errno: errno) }
        let original = attributes
        cfmakeraw(&attributes)
        guard tcsetattr(inputDescriptor, TCSAFLUSH, &attributes) == 0 else {
            throw .writeAttributesFailed(errno: errno)
        }
        originalAttributes = original

        var enable: [UInt8] = []
        var disable: [UInt8] = []
        if options.alternateScreen {
            enable += ANSISequence.enterAlternateScreen
            disable = ANSISequence.leaveAlternateScreen + disable
        }
        if options.hideCursor {
            enable += ANSISequence.hideCursor
            disable = ANSISequence.showCursor + disable
        }
        if options.mouse {
            enable += ANSISequence.enableMouse
            disable = ANSISequence.disableMouse + disable
        }
        if options.bracketedPaste {
            enable += ANSISequence.enableBracketedPaste
            disable = ANSISequence.disableBracketedPaste + disable
        }
        restoreSequence = ANSISequence.resetStyle + ANSISequence.endSynchronizedUpdate + disable
        TerminalRestorer.arm(
            inputDescriptor: inputDescriptor, originalAttributes: original,
            outputDescriptor: outputDescriptor, restoreSequence: restoreSequence)
        isActive = true
        try write(enable)
        try flush()
    }

    /// Undoes everything `enter` did: pending output is dropped, the features
    /// are switched off and the original termios settings come back.
    /// Idempotent and safe to call when `enter` was never called.
    public func restore() {
        guard isActive else { return }
        isActive = false
        TerminalRestorer.disarm()
        outputBuffer = restoreSequence
        try? flush()
        if var original = originalAttributes {
            _ = tcsetattr(inputDescriptor, TCSAFLUSH, &original)
        }
        originalAttributes = nil
    }

    /// The window size from the TIOCGWINSZ ioctl.
    public func size() throws(TerminalError) -> TerminalSize {
        var windowSize = winsize()
        guard ioctl(outputDescriptor, UInt(TIOCGWINSZ), &windowSize) == 0 else {
            throw .sizeUnavailable(errno: errno)
        }
        return TerminalSize(width: Int(windowSize.ws_col), height: Int(windowSize.ws_row))
    }

    public func write(_ bytes: [UInt8]) throws(TerminalError) {
        outputBuffer += bytes
    }

    /// Writes all buffered output, retrying on EINTR and waiting on EAGAIN.
    public func flush() throws(TerminalError) {
        var offset = 0
        defer { outputBuffer.removeFirst(min(offset, outputBuffer.count)) }
        while offset < outputBuffer.count {
            let written = outputBuffer.withUnsafeBytes { raw in
                writeToDescriptor(outputDescriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written > 0 {
                offset += written
                continue
            }
            let failure = errno
            if written < 0 && failure == EINTR { continue }
            if written < 0 && (failure == EAGAIN || failure == EWOULDBLOCK) {
                var descriptor = pollfd(fd: outputDescriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, 100)
                continue
            }
            throw .writeFailed(errno: failure)
        }
    }

    /// Waits up to `timeoutMilliseconds` (-1: forever) for input and returns
    /// what could be read, or an empty array on timeout, interruption or a
    /// window resize. With `TerminalRestorer` installed the wait also ends on
    /// SIGWINCH; check `TerminalRestorer.consumeResizeNotifications()` after
    /// every call.
    public func readInput(timeoutMilliseconds: Int32) throws(TerminalError) -> [UInt8] {
        var descriptors = [
            pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: TerminalRestorer.resizeNotificationDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds)
        if ready < 0 {
            if errno == EINTR { return [] }
            throw .readFailed(errno: errno)
        }
        let events = descriptors[0].revents
        if events & Int16(POLLIN) == 0 {
            if events & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { throw .inputClosed }
            return []
        }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = read(inputDescriptor, &chunk, chunk.count)
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return [] }
            throw .readFailed(errno: errno)
        }
        if count == 0 { throw .inputClosed }
        return Array(chunk.prefix(count))
    }
}

private func writeToDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
