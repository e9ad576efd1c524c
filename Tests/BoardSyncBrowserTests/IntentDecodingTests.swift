import BoardSync
import Testing

@testable import BoardSyncBrowser

/// The intent vocabulary of docs/BROWSER.md, and the errors for intents that break it.
@Suite struct IntentDecodingTests {
    private func intent(_ json: String) throws(BrowserInputError) -> BrowserIntent {
        try BrowserIntent(json: Array(json.utf8))
    }

    private func refusal(_ json: String) -> String? {
        do {
            _ = try intent(json)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func everyIntentDecodes() throws {
        let cases: [(String, BrowserIntent)] = [
            (#"{"type":"connected"}"#, .connected),
            (#"{"type":"disconnected"}"#, .disconnected()),
            (#"{"type":"pickUp","item":"a"}"#, .pickUp(item: "a")),
            (
                #"{"type":"moveTo","section":"s","index":2,"now":1500}"#,
                .moveTo(Position(section: "s", index: 2), now: 1.5)
            ),
            (#"{"type":"tick","now":250}"#, .tick(now: 0.25)),
            (#"{"type":"drop"}"#, .drop),
            (#"{"type":"cancel"}"#, .cancel),
            (
                #"{"type":"insert","label":"New","section":"s","index":0}"#,
                .insert(id: nil, label: "New", at: Position(section: "s", index: 0))
            ),
            (
                #"{"type":"insert","id":"n1","label":"New","section":"s","index":0}"#,
                .insert(id: "n1", label: "New", at: Position(section: "s", index: 0))
            ),
            (
                #"{"type":"move","item":"a","section":"s","index":1}"#,
                .move(item: "a", to: Position(section: "s", index: 1))
            ),
            (#"{"type":"rename","item":"a","label":"Post"}"#, .rename(item: "a", label: "Post")),
            (#"{"type":"delete","item":"a"}"#, .delete(item: "a")),
            (#"{"type":"addSection","title":"Later","index":1}"#, .addSection(id: nil, title: "Later", at: 1)),
            (#"{"type":"renameSection","section":"s","title":"Now"}"#, .renameSection("s", title: "Now")),
            (#"{"type":"moveSection","section":"s","index":0}"#, .moveSection("s", to: 0)),
            (#"{"type":"deleteSection","section":"s"}"#, .deleteSection("s")),
            (#"{"type":"undo"}"#, .undo),
            (#"{"type":"state","extra":[1,2]}"#, .state),
        ]
        for (json, expected) in cases {
            #expect(try intent(json) == expected, "\(json)")
        }
    }

    @Test func refusedIntentsNameTheProblem() {
        #expect(refusal("") == "not JSON: unexpected end of input at offset 0")
        #expect(refusal("[]") == "input is not a JSON object")
        #expect(refusal(#"{"kind":"drop"}"#) == #"missing field "type""#)
        #expect(refusal(#"{"type":7}"#) == #"field "type" must be a string"#)
        #expect(refusal(#"{"type":"jump"}"#) == #"unknown intent "jump""#)
        #expect(refusal(#"{"type":"pickUp"}"#) == #"missing field "item""#)
        #expect(
            refusal(#"{"type":"moveTo","section":"s","index":1.5,"now":0}"#) == #"field "index" must be an integer"#)
        #expect(refusal(#"{"type":"moveTo","section":"s","index":1}"#) == #"missing field "now""#)
    }

    @Test func clockReadingsAreNonNegativeMilliseconds() throws {
        #expect(try intent(#"{"type":"tick","now":0}"#) == .tick(now: 0))
        #expect(try intent(#"{"type":"tick","now":1234.5}"#) == .tick(now: 1.2345))
        let tick = try intent(#"{"type":"tick","now":16.700000000000045}"#)
        guard tick.event == .tick, let now = tick.now else {
            Issue.record("not a tick")
            return
        }
        #expect(abs(now - 0.0167) < 1e-9)
        let refused = #"field "now" must be a non-negative number of milliseconds"#
        #expect(refusal(#"{"type":"tick","now":-5}"#) == refused)
        #expect(refusal(#"{"type":"tick","now":-0.5}"#) == refused)
        #expect(refusal(#"{"type":"tick","now":1e3}"#) == refused)
        #expect(refusal(#"{"type":"tick","now":"5"}"#) == refused)
    }

    @Test func plainDecimals() {
        #expect(InputFields.plainDecimal("12") == 12)
        #expect(InputFields.plainDecimal("0.25") == 0.25)
        #expect(InputFields.plainDecimal("1.") == 1)
        #expect(InputFields.plainDecimal(".5") == nil)
        #expect(InputFields.plainDecimal("1.2.3") == nil)
        #expect(InputFields.plainDecimal("1E3") == nil)
        #expect(InputFields.plainDecimal("1234567890123456") == nil)
    }
}
