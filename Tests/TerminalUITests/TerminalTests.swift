import Testing

@testable import TerminalUI

@Suite("Terminal double buffering")
struct TerminalTests {
    @Test func firstDrawPaintsEverythingThenOnlyDiffs() throws {
        let backend = InMemoryBackend(width: 10, height: 3)
        let terminal = Terminal(backend: backend)
        var frame = try terminal.makeBuffer()
        frame.drawBox(frame.area, border: .rounded)
        frame.set(x: 2, y: 1, "one")
        let firstBytes = try terminal.draw(frame)
        #expect(firstBytes == backend.takeWritten().count)
        #expect(backend.screen.textLines() == ["╭────────╮", "│ one    │", "╰────────╯"])

        #expect(try terminal.draw(frame) == 0)
        #expect(backend.takeWritten().isEmpty)
        #expect(backend.flushCount == 1)

        frame.set(x: 2, y: 1, "two")
        let diffBytes = try terminal.draw(frame)
        #expect(diffBytes < 40)
        #expect(backend.takeWritten().count == diffBytes)
        #expect(backend.screen.textLines() == ["╭────────╮", "│ two    │", "╰────────╯"])
        #expect(backend.screen.buffer == frame)
    }

    @Test func resizeLeadsToAFullRepaint() throws {
        let backend = InMemoryBackend(width: 6, height: 2)
        let terminal = Terminal(backend: backend)
        var frame = try terminal.makeBuffer()
        frame.set(x: 0, y: 0, "abcdef")
        try terminal.draw(frame)

        backend.resize(width: 4, height: 3)
        var resized = try terminal.makeBuffer()
        resized.set(x: 0, y: 2, "xy")
        try terminal.draw(resized)
        #expect(backend.screen.textLines() == ["    ", "    ", "xy  "])
    }

    @Test func forcedFullRepaintFixesAGarbledScreen() throws {
        let backend = InMemoryBackend(width: 5, height: 1)
        let terminal = Terminal(backend: backend)
        let frame = Buffer(lines: ["hello"])
        try terminal.draw(frame)
        try backend.write(Array("\u{1B}[1;1Hjunk".utf8))
        try backend.flush()
        #expect(try terminal.draw(frame) == 0)
        #expect(backend.screen.textLines() == ["junko"])
        terminal.forceFullRepaint()
        #expect(try terminal.draw(frame) > 0)
        #expect(backend.screen.textLines() == ["hello"])
    }

    @Test func virtualScreenTracksModesAndSynchronizedFrames() {
        var screen = VirtualScreen(width: 3, height: 1)
        screen.apply(ANSISequence.enterAlternateScreen + ANSISequence.hideCursor + ANSISequence.enableMouse)
        #expect(screen.privateModes == [1049, 1000, 1002, 1006])
        screen.apply(ANSISequence.beginSynchronizedUpdate)
        #expect(screen.privateModes.contains(2026))
        screen.apply(ANSISequence.endSynchronizedUpdate + ANSISequence.disableMouse + ANSISequence.leaveAlternateScreen)
        #expect(screen.completedSynchronizedUpdates == 1)
        #expect(screen.privateModes.isEmpty)
    }

    @Test func virtualScreenWrapsAndClears() {
        var screen = VirtualScreen(width: 3, height: 2)
        screen.apply(Array("abcde".utf8))
        #expect(screen.textLines() == ["abc", "de "])
        screen.apply(ANSISequence.csi("1;2H") + ANSISequence.csi("K"))
        #expect(screen.textLines() == ["a  ", "de "])
        screen.apply(ANSISequence.clearScreen)
        #expect(screen.textLines() == ["   ", "   "])
    }
}

/// A backend whose writes fail until told otherwise.
private final class FailingBackend: TerminalBackend {
    var failing = true
    let inner = InMemoryBackend(width: 3, height: 1)

    func size() throws(TerminalError) -> TerminalSize { try inner.size() }

    func write(_ bytes: [UInt8]) throws(TerminalError) {
        if failing { throw .writeFailed(errno: 5) }
        try inner.write(bytes)
    }

    func flush() throws(TerminalError) { try inner.flush() }
}

@Suite("Terminal write failures")
struct TerminalFailureTests {
    @Test func failedDrawIsRepaintedInFullNextTime() throws {
        let backend = FailingBackend()
        let terminal = Terminal(backend: backend)
        let frame = Buffer(lines: ["abc"])
        #expect(throws: TerminalError.writeFailed(errno: 5)) { try terminal.draw(frame) }
        backend.failing = false
        #expect(try terminal.draw(frame) > 0)
        #expect(backend.inner.screen.textLines() == ["abc"])
    }
}
