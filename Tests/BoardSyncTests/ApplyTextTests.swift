import BoardSync
import Testing

/// Labels, titles and new ids (protocol section 2): 1 to 100 scalars without control characters,
/// ids of `[A-Za-z0-9._:-]{1,64}`.
@Suite struct ApplyTextTests {
    /// Every operation that carries a text, with that text set to `text`.
    static func opsCarrying(_ text: String) -> [Op] {
        [
            .insert(item: Item(id: "n1", label: text), to: at("s0", 0)),
            .update(item: "a", label: text),
            .insertSection(section: SectionHeader(id: "t", title: text), index: 0),
            .renameSection(section: "s0", title: text),
        ]
    }

    @Test func emptyTextIsRefused() {
        for op in Self.opsCarrying("") { expectRefused(op, .invalidText(.empty)) }
    }

    @Test(arguments: [UInt32(0x00), 0x1F, 0x7F, 0x80, 0x9F, 0x0A])
    func controlCharactersAreRefused(_ value: UInt32) {
        let text = "ab" + String(Character(Unicode.Scalar(value)!)) + "c"
        for op in Self.opsCarrying(text) { expectRefused(op, .invalidText(.controlCharacter)) }
        for op in Self.opsCarrying(String(Character(Unicode.Scalar(value)!))) {
            expectRefused(op, .invalidText(.controlCharacter))
        }
    }

    @Test(arguments: ["a ", "~", "a\u{A0}b", "a\u{2028}b", "a\u{200B}b"])
    func neighboursOfControlCharactersAreAccepted(_ text: String) {
        for op in Self.opsCarrying(text) { _ = expectApplied(op) }
    }

    @Test func aLabelOf101ScalarsIsTooLongAndALimit() {
        let texts = [
            String(repeating: "x", count: 101),
            String(repeating: "é", count: 101),
            String(repeating: "😀", count: 101),
            // 51 characters but 102 scalars: each is "e" and a combining acute accent.
            String(repeating: "e\u{301}", count: 51),
        ]
        for text in texts {
            for op in Self.opsCarrying(text) {
                expectRefused(op, .invalidText(.tooLong(limit: 100)))
            }
        }
        #expect(OpError.invalidText(.tooLong(limit: 100)).isLimit)
    }

    @Test func exactlyOneHundredScalarsAreAcceptedWhateverTheirBytes() {
        let texts = [
            String(repeating: "x", count: 100),
            String(repeating: "é", count: 100),
            String(repeating: "😀", count: 100),
            String(repeating: "e\u{301}", count: 50),
            String(repeating: "🇫🇷", count: 50),
        ]
        for text in texts {
            #expect(text.unicodeScalars.count == 100)
            for op in Self.opsCarrying(text) { _ = expectApplied(op) }
        }
    }

    @Test func aControlCharacterInAnOverlongTextIsRefusedAsBadOp() {
        let text = String(repeating: "x", count: 120) + "\u{7}"
        for op in Self.opsCarrying(text) { expectRefused(op, .invalidText(.controlCharacter)) }
    }

    @Test func aConfiguredTextLimitIsHonoured() {
        let limits = Limits(maxTextLength: 3)
        expectRefused(.update(item: "a", label: "abcd"), .invalidText(.tooLong(limit: 3)), limits: limits)
        _ = expectApplied(.update(item: "a", label: "abc"), limits: limits)
    }

    @Test(arguments: ["", "a b", "a/b", "é", "a\u{0}", String(repeating: "x", count: 65), "a🙂"])
    func invalidNewIDsAreRefused(_ id: String) {
        expectRefused(.insert(item: Item(id: ItemID(id), label: "x"), to: at("s0", 0)), .invalidID(id))
        expectRefused(.insertSection(section: SectionHeader(id: SectionID(id), title: "x"), index: 0), .invalidID(id))
    }

    @Test(arguments: [String(repeating: "x", count: 64), "A-z.0_9:x", "0", ":", "..", "3f9c0a1b2d4e5f60"])
    func validNewIDsAreAccepted(_ id: String) {
        let item = expectApplied(.insert(item: Item(id: ItemID(id), label: "x"), to: at("s0", 0)))
        #expect(item.usedIDs[id] == .item)
        let section = expectApplied(.insertSection(section: SectionHeader(id: SectionID(id), title: "x"), index: 0))
        #expect(section.usedIDs[id] == .section)
    }
}
