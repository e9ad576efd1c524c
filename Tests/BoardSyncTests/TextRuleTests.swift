import BoardSync
import Testing

/// The text rules added to protocol section 2 (docs/PROTOCOL.md, "Text rules"): labels, titles
/// and user names made only of spaces are refused like empty ones, and bidirectional controls
/// are refused, for new text only; what fields take while a person types.
@Suite struct TextRuleTests {
    @Test(arguments: [" ", "   ", "\u{A0}\u{3000}", "\u{200B}", " \u{200D} \u{FEFF}", "\u{200F}\u{2060}"])
    func textMadeOnlyOfSpacesIsRefusedAsEmpty(_ text: String) {
        for op in ApplyTextTests.opsCarrying(text) { expectRefused(op, .invalidText(.empty)) }
        #expect(Validation.checkText(text, limit: Validation.userLimit) == .empty)
    }

    @Test(arguments: Array(0x202A...0x202E) + Array(0x2066...0x2069))
    func bidirectionalControlsAreRefused(_ value: Int) {
        let override = String(Character(Unicode.Scalar(UInt32(value))!))
        for op in ApplyTextTests.opsCarrying("Pay \(override)321 EUR") {
            expectRefused(op, .invalidText(.controlCharacter))
        }
        #expect(Validation.checkText("ann\(override)", limit: Validation.userLimit) == .controlCharacter)
    }

    @Test func directionMarksAndRightToLeftTextStayAllowed() {
        for text in ["\u{200F}שלום", "مرحبا", "a\u{200E}b", " x "] {
            for op in ApplyTextTests.opsCarrying(text) { _ = expectApplied(op) }
        }
    }

    @Test func textCommittedUnderEarlierRulesStillReplaysAndReachesClients() {
        var state = BoardFixture.standard
        let old = Op.update(item: "a", label: "\u{202E}txt.exe")
        let replayed = state.replay(old, committedAt: state.version + 1)
        #expect(replayed)
        #expect(state.board.item("a")?.label == "\u{202E}txt.exe")
        var machine = liveClient()
        _ = machine.receive(bobs(6, .update(item: "a", label: "   ")))
        #expect(machine.committed?.version == 6, "a committed op is applied, not a reason to reconnect")
        #expect(machine.view.sections[0].cells[0].label == "   ")
    }

    @Test func aHelloWithANameOfSpacesOrAnOverrideIsRefused() {
        for user in ["  ", "ann\u{202E}"] {
            let hello = #"{"type":"hello","client":"c1","user":"\#(user)"}"#
            #expect(throws: WireError.self) { try WireCodec.decodeClientMessage(Array(hello.utf8)) }
        }
    }

    @Test func aFieldTakesWhatFitsInWholeCharactersAndLeavesOutInvisibleControls() {
        #expect(TextEntry.cleaned("a\r\nb\tc\u{7}d\u{202E}e") == "a b cde")
        #expect(TextEntry.fitting("abcdef", besides: 97, limit: 100) == "abc")
        #expect(TextEntry.fitting("ab", besides: 0, limit: 100) == "ab")
        #expect(TextEntry.fitting("x🇫🇷y", besides: 97, limit: 100) == "x🇫🇷")
        #expect(
            TextEntry.fitting("x🇫🇷y", besides: 98, limit: 100) == "x", "a flag is two scalars: it does not fit in one")
        #expect(TextEntry.fitting("e\u{301}e\u{301}", besides: 97, limit: 100) == "e\u{301}")
        #expect(TextEntry.fitting("anything", besides: 100, limit: 100) == "")
        #expect(TextEntry.fitting(String(repeating: "x", count: 500), besides: 0, limit: 100).count == 100)
    }

    @Test func theCounterShowsFromTwentyBeforeTheLimit() {
        #expect(TextEntry.counter(length: 79, limit: 100) == nil)
        #expect(TextEntry.counter(length: 80, limit: 100) == "80/100")
        #expect(TextEntry.counter(length: 100, limit: 100) == "100/100")
        #expect(TextEntry.length(of: "🇫🇷é") == 3)
    }

    @Test func everyProblemHasWords() {
        #expect(TextError.empty.words == "cannot be empty or only spaces")
        #expect(TextError.tooLong(limit: 100).words == "at most 100 characters")
        #expect(TextError.controlCharacter.words == "no control characters or direction overrides")
    }
}
