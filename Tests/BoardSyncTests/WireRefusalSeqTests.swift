import Testing

@testable import BoardSync

/// A refused submit whose `seq` can be read names it (protocol section 6); one whose `seq`
/// cannot be read does not.
@Suite struct WireRefusalSeqTests {
    private static let insert = #"{"kind":"insert","item":{"id":"n1","label":"New"},"to":{"section":"main","index":0}}"#

    private static func submit(seq: String = "7", base: String = "0", op: String = insert) -> String {
        #"{"type":"submit","seq":\#(seq),"base":\#(base),"op":\#(op)}"#
    }

    /// Submits the codec refuses, each with a readable seq of 7.
    static let refusedWithSeq: [String] = [
        #"{"type":"submit","seq":7,"op":\#(insert)}"#,
        submit(base: #""0""#),
        submit(base: "1.5"),
        submit(base: "-1"),
        submit(base: "9007199254740992"),
        #"{"type":"submit","seq":7,"base":0}"#,
        submit(op: "3"),
        submit(op: "[]"),
        submit(op: #"{"item":{"id":"n1","label":"New"},"to":{"section":"main","index":0}}"#),
        submit(op: #"{"kind":"teleport"}"#),
        submit(op: #"{"kind":"insert","item":{"id":"n1","label":"New"}}"#),
        submit(op: #"{"kind":"move","item":"a","to":{"section":"main","index":0}}"#),
        submit(op: #"{"kind":"insert","item":"n1","to":{"section":"main","index":0}}"#),
        submit(op: #"{"kind":"delete","item":5,"from":{"section":"main","index":0}}"#),
        submit(op: #"{"kind":"update","item":"a","label":5}"#),
        submit(op: #"{"kind":"insert","item":{"id":"n1","label":"New"},"to":{"section":"main","index":"0"}}"#),
        submit(op: #"{"kind":"insert","item":{"id":"n1","label":"New"},"to":{"section":"main","index":0.5}}"#),
        submit(op: #"{"kind":"insert","item":{"id":"n1","label":"New"},"to":{"section":"main","index":-1}}"#),
        submit(
            op: #"{"kind":"insert","item":{"id":"n1","label":"New"},"to":{"section":"main","index":9007199254740992}}"#),
        submit(op: #"{"kind":"moveSection","section":"main","from":99999999999999999999,"index":0}"#),
        submit(op: #"{"kind":"update","item":"a","label":"\ud800"}"#),
        submit(op: #"{"kind":"update","item":"a","label":"x\udc00\ud800\u0041"}"#),
        submit(op: #"{"kind":"update","item":"a","label":"A","label":"B"}"#),
    ]

    @Test(arguments: refusedWithSeq)
    func aRefusedSubmitNamesItsSeq(text: String) throws {
        let bytes = Array(text.utf8)
        let strict = #expect(throws: WireError.self) { try WireCodec.decodeClientMessage(bytes) }
        let refusal = #expect(throws: ClientMessageRefusal.self) { try WireCodec.receiveClientMessage(bytes) }
        #expect(refusal?.seq == 7)
        #expect(refusal?.error == strict)
        #expect(refusal.map { ServerMessage.ErrorReport(refusing: $0) }?.seq == 7)
    }

    /// Messages whose seq cannot be read, or that are not submits.
    static let refusedWithoutSeq: [String] = [
        "not json",
        #"{"type":"submit","seq":7,"#,
        #"{"type":"submit","base":0,"op":\#(insert)}"#,
        submit(seq: "0"),
        submit(seq: "-3"),
        submit(seq: #""7""#),
        submit(seq: "7.0"),
        submit(seq: "9007199254740992"),
        #"{"type":"submit","seq":7,"seq":8,"base":0,"op":\#(insert)}"#,
        #"{"type":"submit","type":"submit","seq":7,"base":0,"op":\#(insert)}"#,
        #"{"type":"sub\ud800mit","seq":7,"base":0,"op":\#(insert)}"#,
        #"{"type":"drag","seq":7,"action":"jump","item":"a"}"#,
        #"{"type":"submit","seq":7,"base":0,"op":"# + String(repeating: "[", count: 40),
        "{\"type\":\"submit\",\"seq\":7,\"base\":0,\"op\":{\"kind\":\"update\",\"item\":\"a\",\"label\":\"a\u{1}b\"}}",
    ]

    @Test(arguments: refusedWithoutSeq)
    func aMessageWithoutAReadableSeqIsRefusedWithoutOne(text: String) throws {
        let refusal = #expect(throws: ClientMessageRefusal.self) {
            try WireCodec.receiveClientMessage(Array(text.utf8))
        }
        #expect(refusal != nil && refusal?.seq == nil)
    }

    @Test func aGoodMessageDecodesAsBefore() throws {
        let text = Self.submit()
        #expect(try WireCodec.receiveClientMessage(Array(text.utf8)) == WireCodec.decodeClientMessage(Array(text.utf8)))
    }

    @Test func tolerantParsingReplacesLoneSurrogatesAndKeepsRepeatedKeys() throws {
        let text = #"{"a":"x\ud800y","a":"\udc00","b":"\ud83d\ude00","c":"\ud800\u0041"}"#
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(text) }
        let value = try JSONValue.parse(Array(text.utf8), tolerant: true)
        let members: [JSONObject.Member] = [
            .init(key: "a", value: "x\u{FFFD}y"), .init(key: "a", value: "\u{FFFD}"), .init(key: "b", value: "😀"),
            .init(key: "c", value: "\u{FFFD}A"),
        ]
        #expect(value == .object(JSONObject(members)))
    }
}
