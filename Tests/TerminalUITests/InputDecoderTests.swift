import TestSupport
import Testing

@testable import TerminalUI

@Suite("Input decoding")
struct InputDecoderTests {
    private func decode(_ text: String) -> [InputEvent] {
        var decoder = InputDecoder()
        return decoder.feed(Array(text.utf8))
    }

    private func decodeByteByByte(_ text: String) -> [InputEvent] {
        var decoder = InputDecoder()
        return Array(text.utf8).flatMap { decoder.feed([$0]) }
    }

    @Test(arguments: [
        ("\r", Key.enter), ("\n", .enter), ("\t", .tab), ("\u{7F}", .backspace), ("\u{8}", .backspace),
        ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[7~", .home), ("\u{1B}[8~", .end),
        ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
        ("\u{1B}OP", .function(1)), ("\u{1B}OQ", .function(2)), ("\u{1B}OR", .function(3)), ("\u{1B}OS", .function(4)),
        ("\u{1B}[11~", .function(1)), ("\u{1B}[12~", .function(2)), ("\u{1B}[13~", .function(3)),
        ("\u{1B}[14~", .function(4)), ("\u{1B}[15~", .function(5)), ("\u{1B}[24~", .function(12)),
        ("q", .character("q")), ("Q", .character("Q")), ("~", .character("~")), ("ü", .character("ü")),
    ])
    func keyForms(input: String, key: Key) {
        #expect(decode(input) == [.key(key)])
        #expect(decodeByteByByte(input) == [.key(key)])
    }

    @Test func backTabCarriesShift() {
        #expect(decode("\u{1B}[Z") == [.key(.backTab, modifiers: .shift)])
    }

    @Test func controlLetters() {
        #expect(
            decode("\u{1}\u{3}\u{1A}") == [
                .character("a", modifiers: .control), .character("c", modifiers: .control),
                .character("z", modifiers: .control),
            ])
        #expect(decode("\u{0}") == [.character(" ", modifiers: .control)])
    }

    @Test func modifiedKeys() {
        #expect(decode("\u{1B}[1;5A") == [.key(.up, modifiers: .control)])
        #expect(decode("\u{1B}[1;2D") == [.key(.left, modifiers: .shift)])
        #expect(decode("\u{1B}[3;3~") == [.key(.delete, modifiers: .alt)])
        #expect(decode("\u{1B}[1;6P") == [.key(.function(1), modifiers: [.shift, .control])])
        #expect(decode("\u{1B}x") == [.character("x", modifiers: .alt)])
    }

    @Test func textAndSequencesMixed() {
        #expect(decode("a\u{1B}[Bb\r") == [.character("a"), .key(.down), .character("b"), .key(.enter)])
    }

    @Test func sequencesSplitAcrossReads() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPendingEscape)
        #expect(decoder.feed(Array("[1;".utf8)).isEmpty)
        #expect(decoder.feed(Array("5C".utf8)) == [.key(.right, modifiers: .control)])
        #expect(!decoder.hasPendingEscape)
    }

    @Test func utf8SplitAcrossReads() {
        var decoder = InputDecoder()
        let bytes = Array("日😀é".utf8)
        var events: [InputEvent] = []
        for byte in bytes {
            events += decoder.feed([byte])
        }
        #expect(events == [.character("日"), .character("😀"), .character("é")])
        #expect(!decoder.hasPendingEscape)
    }

    @Test func invalidBytesAreSkipped() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x61, 0xFF, 0x62, 0xC0, 0x80]) == [.character("a"), .character("b")])
        #expect(decoder.feed([0xE6, 0x41]) == [.character("A")])
        #expect(decoder.feed(Array("\u{1B}[99z\u{1B}[<1;2Xq".utf8)) == [.character("q")])
    }

    @Test func loneEscapeIsEmittedOnlyWhenFlushed() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.flushPendingEscape() == [.key(.escape)])
        #expect(!decoder.hasPendingEscape)
        #expect(decoder.flushPendingEscape().isEmpty)
        #expect(decoder.feed(Array("[A".utf8)) == [.character("["), .character("A")])
    }

    @Test func doubleEscapeAndFlushOfAnUnfinishedSequence() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B, 0x1B]) == [.key(.escape)])
        #expect(decoder.flushPendingEscape() == [.key(.escape)])
        #expect(decoder.feed(Array("\u{1B}[".utf8)).isEmpty)
        #expect(decoder.flushPendingEscape() == [.key(.escape), .character("[")])
    }

    @Test func sgrMousePressDragReleaseAndWheel() {
        let events = decodeByteByByte(
            "\u{1B}[<0;10;5M\u{1B}[<32;11;5M\u{1B}[<0;12;6m\u{1B}[<64;1;1M\u{1B}[<65;3;4M"
                + "\u{1B}[<2;1;1M\u{1B}[<1;2;2m\u{1B}[<34;5;5M\u{1B}[<35;7;8M")
        #expect(
            events == [
                .mouse(MouseEvent(.press(.left), x: 9, y: 4)),
                .mouse(MouseEvent(.drag(.left), x: 10, y: 4)),
                .mouse(MouseEvent(.release(.left), x: 11, y: 5)),
                .mouse(MouseEvent(.scrollUp, x: 0, y: 0)),
                .mouse(MouseEvent(.scrollDown, x: 2, y: 3)),
                .mouse(MouseEvent(.press(.right), x: 0, y: 0)),
                .mouse(MouseEvent(.release(.middle), x: 1, y: 1)),
                .mouse(MouseEvent(.drag(.right), x: 4, y: 4)),
                .mouse(MouseEvent(.move, x: 6, y: 7)),
            ])
    }

    @Test func mouseModifiers() {
        #expect(
            decode("\u{1B}[<20;3;3M") == [.mouse(MouseEvent(.press(.left), x: 2, y: 2, modifiers: [.shift, .control]))])
        #expect(decode("\u{1B}[<8;1;1M") == [.mouse(MouseEvent(.press(.left), x: 0, y: 0, modifiers: .alt))])
        #expect(decode("\u{1B}[<0;0;0M") == [.mouse(MouseEvent(.press(.left), x: 0, y: 0))])
    }

    @Test func bracketedPasteArrivesAsOneEvent() {
        let text = "\u{1B}[200~line one\r\nline \u{1B}[A two\u{1B}[201~x"
        #expect(decode(text) == [.paste("line one\nline \u{1B}[A two"), .character("x")])
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        for byte in Array(text.utf8) {
            events += decoder.feed([byte])
            if byte == 0x1B { #expect(!decoder.hasPendingEscape || !decoder.isInsidePaste) }
        }
        #expect(events == [.paste("line one\nline \u{1B}[A two"), .character("x")])
    }

    @Test func overlongSequenceIsDroppedWithoutWaitingForever() {
        var decoder = InputDecoder()
        let junk = "\u{1B}[" + String(repeating: "1", count: 200) + "a"
        #expect(decoder.feed(Array(junk.utf8)).allSatisfy { $0 == .character("1") || $0 == .character("a") })
        #expect(!decoder.hasPendingEscape)
    }

    @Test func randomBytesNeverCrashAndSplittingDoesNotChangeTheResult() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SeededGenerator(seed: seed)
        let pieces: [[UInt8]] = [
            [0x1B], Array("[".utf8), Array("<".utf8), Array("0;".utf8), Array("5M".utf8), Array("A".utf8),
            Array("日".utf8), [0xE6], [0x80], Array("~".utf8), Array("O".utf8), Array("200~".utf8), Array("201~".utf8),
        ]
        for round in 0..<200 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...20, using: &generator) {
                bytes += pieces.randomElement(using: &generator)!
            }
            var whole = InputDecoder()
            let wholeEvents = whole.feed(bytes) + whole.flushPendingEscape()
            var split = InputDecoder()
            var splitEvents: [InputEvent] = []
            var index = 0
            while index < bytes.count {
                let length = Int.random(in: 1...4, using: &generator)
                splitEvents += split.feed(bytes[index..<min(bytes.count, index + length)])
                index += length
            }
            splitEvents += split.flushPendingEscape()
            #expect(wholeEvents == splitEvents, "seed \(seed) round \(round) bytes \(bytes)")
            if wholeEvents != splitEvents { return }
        }
    }
}
