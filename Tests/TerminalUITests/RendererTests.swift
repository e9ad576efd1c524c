import TestSupport
import Testing

@testable import TerminalUI

@Suite("ANSI rendering")
struct RendererTests {
    private func bytes(_ text: String) -> [UInt8] {
        Array(text.replacing("⎋", with: "\u{1B}").utf8)
    }

    /// Shows `previous` on a fresh screen, then applies the diff frame to `next`.
    private func screenAfterDiff(from previous: Buffer, to next: Buffer) -> (VirtualScreen, [UInt8]) {
        var screen = VirtualScreen(width: previous.width, height: previous.height)
        screen.apply(FullRepaintRenderer().render(previous, clearingFirst: true))
        let frame = ANSIRenderer().render(BufferDiff.changes(from: previous, to: next))
        screen.apply(frame)
        return (screen, frame)
    }

    @Test func emptyDiffProducesNoBytes() {
        #expect(ANSIRenderer().render([]).isEmpty)
    }

    @Test func singleChangedCellIsTiny() {
        let previous = Buffer(lines: ["hello", "world"])
        var next = previous
        next.set(x: 3, y: 1, "L")
        let (screen, frame) = screenAfterDiff(from: previous, to: next)
        #expect(frame == bytes("⎋[?2026h⎋[2;4H⎋[0mL⎋[?2026l"))
        #expect(screen.textLines() == ["hello", "worLd"])
        #expect(screen.buffer == next)
    }

    @Test func adjacentCellsShareOneCursorMoveAndOneStyle() {
        let previous = Buffer(width: 8, height: 1)
        var next = previous
        let red = Style(foreground: .red)
        next.set(x: 1, y: 0, "ab", style: red)
        next.set(x: 5, y: 0, "c", style: red)
        let frame = ANSIRenderer().render(BufferDiff.changes(from: previous, to: next))
        #expect(frame == bytes("⎋[?2026h⎋[1;2H⎋[0;31mab⎋[2Cc⎋[0m⎋[?2026l"))
    }

    @Test func styleIsSentOnlyWhenItChanges() {
        let previous = Buffer(width: 4, height: 1)
        var next = previous
        next.set(x: 0, y: 0, "a", style: Style(attributes: .bold))
        next.set(x: 1, y: 0, "b", style: Style(attributes: .bold))
        next.set(x: 2, y: 0, "c", style: Style(foreground: .indexed(208), background: .rgb(red: 1, green: 2, blue: 3)))
        let frame = ANSIRenderer().render(BufferDiff.changes(from: previous, to: next))
        #expect(frame == bytes("⎋[?2026h⎋[1;1H⎋[0;1mab⎋[0;38;5;208;48;2;1;2;3mc⎋[0m⎋[?2026l"))
    }

    @Test func wideCharacterAdvancesTheCursorByTwo() {
        let previous = Buffer(width: 4, height: 1)
        var next = previous
        next.set(x: 0, y: 0, "日x")
        let (screen, frame) = screenAfterDiff(from: previous, to: next)
        #expect(frame == bytes("⎋[?2026h⎋[1;1H⎋[0m日x⎋[?2026l"))
        #expect(screen.buffer == next)
    }

    @Test func styledRoundTripMatchesTheBufferExactly() {
        var next = Buffer(width: 12, height: 4)
        next.drawBox(next.area, border: .rounded, style: Style(foreground: .cyan), title: "Todo")
        next.write(
            "Write tests for the decoder", x: 1, y: 1, maxWidth: 10, style: Style(attributes: [.bold, .underline]))
        next.set(
            x: 1, y: 2, "日本",
            style: Style(foreground: .ansi(.brightGreen), background: .blue, attributes: [.dim, .reverse]))
        let (screen, _) = screenAfterDiff(from: Buffer(width: 12, height: 4), to: next)
        #expect(screen.buffer == next)
        #expect(screen.textLines() == ["╭Todo──────╮", "│Write tes…│", "│日本      │", "╰──────────╯"])
        #expect(screen.completedSynchronizedUpdates == 2)
        #expect(screen.currentStyle == .plain)
    }

    @Test func randomDiffsRoundTrip() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SeededGenerator(seed: seed)
        let symbols = ["a", "b", " ", "日", "é", "─", "x"]
        let styles = [Style.plain, Style(foreground: .red), Style(attributes: .bold), Style(background: .indexed(17))]
        func randomBuffer() -> Buffer {
            var buffer = Buffer(width: 9, height: 4)
            for _ in 0..<20 {
                let x = Int.random(in: -1...9, using: &generator)
                let y = Int.random(in: 0...3, using: &generator)
                buffer.set(
                    x: x, y: y, symbols.randomElement(using: &generator)!,
                    style: styles.randomElement(using: &generator)!)
            }
            return buffer
        }
        for round in 0..<200 {
            let previous = randomBuffer()
            let next = randomBuffer()
            let (screen, _) = screenAfterDiff(from: previous, to: next)
            #expect(screen.buffer == next, "seed \(seed) round \(round)")
            if screen.buffer != next { return }
        }
    }

    @Test func fullRepaintWritesEveryCellAndCostsMoreThanADiff() {
        var previous = Buffer(width: 40, height: 10)
        previous.fill(previous.area, with: Cell("."))
        var next = previous
        next.set(x: 4, y: 2, "changed")
        let full = FullRepaintRenderer().render(next)
        let diff = ANSIRenderer().render(BufferDiff.changes(from: previous, to: next))
        var screen = VirtualScreen(width: 40, height: 10)
        screen.apply(full)
        #expect(screen.buffer == next)
        #expect(diff.count * 5 < full.count)
    }
}
