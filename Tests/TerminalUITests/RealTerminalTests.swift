import Glibc
import Testing

@testable import TerminalUI

/// A pseudo-terminal pair: the program side (`follower`) and the side a
/// terminal emulator would hold (`leader`).
private struct PseudoTerminal {
    let leader: Int32
    let follower: Int32

    /// Linux `TIOCSPTLCK` and `TIOCGPTN`, which the C importer cannot expand.
    private static let unlockRequest: UInt = 0x4004_5431
    private static let numberRequest: UInt = 0x8004_5430

    init() throws {
        let leader = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(leader >= 0, "cannot open /dev/ptmx: errno \(errno)")
        var unlock: Int32 = 0
        var number: UInt32 = 0
        try #require(ioctl(leader, Self.unlockRequest, &unlock) == 0)
        try #require(ioctl(leader, Self.numberRequest, &number) == 0)
        let follower = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        try #require(follower >= 0, "cannot open /dev/pts/\(number): errno \(errno)")
        _ = fcntl(leader, F_SETFL, fcntl(leader, F_GETFL) | O_NONBLOCK)
        self.leader = leader
        self.follower = follower
    }

    func close() {
        _ = Glibc.close(leader)
        _ = Glibc.close(follower)
    }

    /// Everything the program wrote so far, waiting up to a second for `expected`.
    func readOutput(until expected: [UInt8]) -> [UInt8] {
        readOutput(until: expected, attempts: 100)
    }

    /// The output that arrives within a short while when none is expected.
    func unexpectedOutput() -> [UInt8] {
        readOutput(until: [0xFF], attempts: 5)
    }

    private func readOutput(until expected: [UInt8], attempts: Int) -> [UInt8] {
        var collected: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<attempts {
            var descriptor = pollfd(fd: leader, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 10) > 0 {
                let count = read(leader, &chunk, chunk.count)
                if count > 0 { collected += chunk.prefix(count) }
            }
            if collected.firstRange(of: expected) != nil { break }
        }
        return collected
    }

    func localFlags() -> tcflag_t {
        var attributes = termios()
        _ = tcgetattr(follower, &attributes)
        return attributes.c_lflag
    }
}

@Suite("Real terminal on a pseudo-terminal", .serialized)
struct RealTerminalTests {
    @Test func enterAndRestoreRoundTrip() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let originalFlags = pty.localFlags()
        #expect(originalFlags & tcflag_t(ICANON) != 0)

        let terminal = RealTerminal(inputDescriptor: pty.follower, outputDescriptor: pty.follower)
        try terminal.enter()
        #expect(terminal.isActive)
        #expect(pty.localFlags() & tcflag_t(ICANON | ECHO) == 0)
        let entered = pty.readOutput(until: ANSISequence.enableBracketedPaste)
        for sequence in [ANSISequence.enterAlternateScreen, ANSISequence.hideCursor, ANSISequence.enableMouse] {
            #expect(entered.firstRange(of: sequence) != nil)
        }

        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(pty.leader, UInt(TIOCSWINSZ), &size)
        #expect(try terminal.size() == TerminalSize(width: 80, height: 24))

        try terminal.write(Array("hi".utf8))
        try terminal.flush()
        #expect(pty.readOutput(until: Array("hi".utf8)) == Array("hi".utf8))

        terminal.restore()
        let restored = pty.readOutput(until: ANSISequence.leaveAlternateScreen)
        for sequence in [ANSISequence.leaveAlternateScreen, ANSISequence.showCursor, ANSISequence.disableMouse] {
            #expect(restored.firstRange(of: sequence) != nil)
        }
        #expect(pty.localFlags() == originalFlags)

        terminal.restore()
        #expect(pty.unexpectedOutput().isEmpty)
        #expect(!terminal.isActive)
    }

    @Test func readInputReturnsTypedBytesOrTimesOut() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let terminal = RealTerminal(inputDescriptor: pty.follower, outputDescriptor: pty.follower)
        try terminal.enter(
            RealTerminal.Options(alternateScreen: false, hideCursor: false, mouse: false, bracketedPaste: false))
        defer { terminal.restore() }
        #expect(try terminal.readInput(timeoutMilliseconds: 0).isEmpty)
        let typed: [UInt8] = [0x1B, 0x5B, 0x41, 0x71]
        _ = write(pty.leader, typed, typed.count)
        var received: [UInt8] = []
        for _ in 0..<100 where received.count < typed.count {
            received += try terminal.readInput(timeoutMilliseconds: 10)
        }
        #expect(received == typed)
    }

    @Test func enterFailsOnSomethingThatIsNotATerminal() throws {
        var descriptors: [Int32] = [-1, -1]
        try #require(pipe(&descriptors) == 0)
        defer { descriptors.forEach { _ = close($0) } }
        let terminal = RealTerminal(inputDescriptor: descriptors[0], outputDescriptor: descriptors[1])
        #expect(throws: TerminalError.notATerminal(descriptor: descriptors[0])) { try terminal.enter() }
        terminal.restore()
    }

    @Test func crashPathRestoreUsesOnlyThePrecomputedState() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let originalFlags = pty.localFlags()
        let terminal = RealTerminal(inputDescriptor: pty.follower, outputDescriptor: pty.follower)
        try terminal.enter()
        _ = pty.readOutput(until: ANSISequence.enableBracketedPaste)

        TerminalRestorer.restoreNow()
        let restored = pty.readOutput(until: ANSISequence.leaveAlternateScreen)
        #expect(restored.firstRange(of: ANSISequence.leaveAlternateScreen) != nil)
        #expect(pty.localFlags() == originalFlags)
        TerminalRestorer.restoreNow()
        #expect(pty.unexpectedOutput().isEmpty)
        terminal.restore()
    }

    @Test func resizeSignalBecomesAPipeNotification() throws {
        try TerminalRestorer.installSignalHandlers()
        try TerminalRestorer.installSignalHandlers()
        #expect(TerminalRestorer.resizeNotificationDescriptor >= 0)
        _ = TerminalRestorer.consumeResizeNotifications()
        kill(getpid(), SIGWINCH)
        var descriptor = pollfd(fd: TerminalRestorer.resizeNotificationDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 1000) == 1)
        #expect(TerminalRestorer.consumeResizeNotifications())
        #expect(!TerminalRestorer.consumeResizeNotifications())
    }
}
