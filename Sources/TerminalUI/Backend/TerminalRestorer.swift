#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Restores the terminal when the process dies from a signal, and turns
/// SIGWINCH into a readable byte on a pipe.
///
/// Everything the signal handlers need (the descriptor, the original termios
/// and the restore byte string) is stored in memory allocated up front, so the
/// handlers only call async-signal-safe functions: `write`, `tcsetattr`,
/// `signal` and `raise`. Fatal signals restore the terminal, reset the default
/// action and re-raise so the process still ends (and dumps core) as usual.
public enum TerminalRestorer {
    /// Signals that restore the terminal and then end the process.
    public static let fatalSignals: [Int32] = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGTRAP, SIGFPE,
    ]

    static let restoreCapacity = 256

    /// Installs the fatal-signal handlers and the SIGWINCH pipe. Safe to call
    /// more than once; later calls do nothing.
    public static func installSignalHandlers() throws(TerminalError) {
        let state = RestoreState.shared
        if state.pointee.installed != 0 { return }
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw .pipeFailed(errno: errno) }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        state.pointee.resizeReadDescriptor = descriptors[0]
        state.pointee.resizeWriteDescriptor = descriptors[1]
        for signalNumber in fatalSignals {
            try install(fatalSignalHandler, for: signalNumber, restart: false)
        }
        try install(resizeSignalHandler, for: SIGWINCH, restart: true)
        state.pointee.installed = 1
    }

    /// The read end of a non-blocking pipe that receives a byte on every
    /// SIGWINCH; poll it with the input descriptor. -1 before installation.
    public static var resizeNotificationDescriptor: Int32 {
        RestoreState.shared.pointee.resizeReadDescriptor
    }

    /// Empties the resize pipe; true if at least one resize arrived since the last call.
    public static func consumeResizeNotifications() -> Bool {
        let descriptor = resizeNotificationDescriptor
        guard descriptor >= 0 else { return false }
        var scratch = [UInt8](repeating: 0, count: 64)
        var resized = false
        while true {
            let count = read(descriptor, &scratch, scratch.count)
            if count > 0 { resized = true; continue }
            if count < 0 && errno == EINTR { continue }
            return resized
        }
    }

    /// Remembers how to undo terminal changes: `originalAttributes` go back
    /// onto `inputDescriptor`, then `restoreSequence` (at most 256 bytes) is
    /// written to `outputDescriptor`.
    public static func arm(
        inputDescriptor: Int32, originalAttributes: termios?, outputDescriptor: Int32, restoreSequence: [UInt8]
    ) {
        let state = RestoreState.shared
        state.pointee.armed = 0
        state.pointee.inputDescriptor = inputDescriptor
        state.pointee.outputDescriptor = outputDescriptor
        if let originalAttributes {
            state.pointee.attributes = originalAttributes
            state.pointee.hasAttributes = 1
        } else {
            state.pointee.hasAttributes = 0
        }
        let count = min(restoreSequence.count, restoreCapacity)
        for index in 0..<count {
            state.pointee.sequence[index] = restoreSequence[index]
        }
        state.pointee.sequenceLength = count
        state.pointee.armed = 1
    }

    /// Forgets the armed restore, e.g. after the terminal was restored normally.
    public static func disarm() {
        RestoreState.shared.pointee.armed = 0
    }

    /// Performs the armed restore now; async-signal-safe, usable from a crash
    /// handler. Does nothing when not armed; disarms itself.
    public static func restoreNow() {
        restoreArmedTerminal()
    }

    private static func install(
        _ handler: @convention(c) (Int32) -> Void, for signalNumber: Int32, restart: Bool
    ) throws(TerminalError) {
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handler
        #else
            action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = restart ? Int32(SA_RESTART) : 0
        guard sigaction(signalNumber, &action, nil) == 0 else {
            throw .signalHandlerFailed(signal: signalNumber, errno: errno)
        }
    }
}

/// The preallocated state the signal handlers read.
struct RestoreState {
    var installed: Int32 = 0
    var armed: Int32 = 0
    var inputDescriptor: Int32 = -1
    var outputDescriptor: Int32 = -1
    var hasAttributes: Int32 = 0
    var attributes = termios()
    var sequence: UnsafeMutablePointer<UInt8>
    var sequenceLength = 0
    var resizeReadDescriptor: Int32 = -1
    var resizeWriteDescriptor: Int32 = -1

    /// Allocated once and never freed, so a handler never touches the allocator.
    nonisolated(unsafe) static let shared: UnsafeMutablePointer<RestoreState> = {
        let pointer = UnsafeMutablePointer<RestoreState>.allocate(capacity: 1)
        let sequence = UnsafeMutablePointer<UInt8>.allocate(capacity: TerminalRestorer.restoreCapacity)
        pointer.initialize(to: RestoreState(sequence: sequence))
        return pointer
    }()
}

private func restoreArmedTerminal() {
    let state = RestoreState.shared
    guard state.pointee.armed != 0 else { return }
    state.pointee.armed = 0
    if state.pointee.hasAttributes != 0 {
        _ = withUnsafePointer(to: &state.pointee.attributes) { tcsetattr(state.pointee.inputDescriptor, TCSAFLUSH, $0) }
    }
    let descriptor = state.pointee.outputDescriptor
    var offset = 0
    let length = state.pointee.sequenceLength
    while offset < length {
        let written = write(descriptor, state.pointee.sequence + offset, length - offset)
        if written > 0 {
            offset += written
        } else if written < 0 && errno == EINTR {
            continue
        } else {
            break
        }
    }
}

private func fatalSignalHandler(_ signalNumber: Int32) {
    restoreArmedTerminal()
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}

private func resizeSignalHandler(_ signalNumber: Int32) {
    let savedErrno = errno
    var byte: UInt8 = 1
    _ = write(RestoreState.shared.pointee.resizeWriteDescriptor, &byte, 1)
    errno = savedErrno
}
