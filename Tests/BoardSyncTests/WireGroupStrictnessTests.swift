import BoardSync
import Testing

/// The forms protocol 10 allows and those it does not: a submit's `op` or `ops`, a drag's `item`
/// or `items`, and their sizes.
@Suite struct WireGroupStrictnessTests {
    private let move = #"{"kind":"move","item":"a","from":{"section":"s","index":0},"to":{"section":"s","index":1}}"#

    private func refusal(_ text: String) -> String? {
        do {
            _ = try WireCodec.decodeClientMessage(Array(text.utf8))
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aSubmitCarriesOpOrOpsAndAGroupHasOneTo500Members() {
        #expect(refusal(#"{"type":"submit","seq":1,"base":0,"op":\#(move),"ops":[\#(move)]}"#) != nil)
        #expect(refusal(#"{"type":"submit","seq":1,"base":0}"#) == #"missing field "op""#)
        #expect(refusal(#"{"type":"submit","seq":1,"base":0,"ops":[]}"#) == #"field "ops" is out of range"#)
        let many = Array(repeating: move, count: 501).joined(separator: ",")
        #expect(refusal(#"{"type":"submit","seq":1,"base":0,"ops":[\#(many)]}"#) == #"field "ops" is out of range"#)
        let most = Array(repeating: move, count: 500).joined(separator: ",")
        #expect(refusal(#"{"type":"submit","seq":1,"base":0,"ops":[\#(most)]}"#) == nil)
    }

    @Test func onlyAGroupCarriesRestoresAndItIsAVersionNoHigherThanItsBase() throws {
        #expect(refusal(#"{"type":"submit","seq":1,"base":5,"op":\#(move),"restores":2}"#) != nil)
        #expect(refusal(#"{"type":"submit","seq":1,"base":5,"ops":[\#(move)],"restores":6}"#) != nil)
        #expect(refusal(#"{"type":"submit","seq":1,"base":5,"ops":[\#(move)],"restores":-1}"#) != nil)
        let text = #"{"type":"submit","seq":1,"base":5,"ops":[\#(move)],"restores":2}"#
        let message = try WireCodec.decodeClientMessage(Array(text.utf8))
        guard case .submit(let submit) = message else {
            Issue.record("not a submit: \(message)")
            return
        }
        #expect(submit.restores == 2)
        #expect(try WireCodec.decodeClientMessage(WireCodec.encode(message)) == message)
        let plain = try WireCodec.decodeClientMessage(
            Array(#"{"type":"submit","seq":1,"base":5,"ops":[\#(move)]}"#.utf8))
        #expect(plain == .submit(.init(seq: 1, base: 5, ops: submit.ops)))
    }

    @Test func aGroupSpanCarriesRestoresBelowItsFirstVersion() throws {
        let restore = SequencedOp(
            version: 8, client: "A", user: "alice", seq: 0,
            op: .delete(item: "a", from: Position(section: "s", index: 0)),
            group: GroupSpan(first: 7, count: 3, restores: 2))
        let encoded = WireCodec.encode(.op(restore))
        #expect(String(decoding: encoded, as: UTF8.self).contains(#""group":{"first":7,"count":3,"restores":2}"#))
        #expect(try WireCodec.decodeServerMessage(encoded) == .op(restore))
        var ahead = restore
        ahead.group?.restores = 7
        #expect(throws: WireError.self) { try WireCodec.decodeServerMessage(WireCodec.encode(.op(ahead))) }
    }

    @Test func aDragNamesItemOrItemsAndABlockHasOneTo100DistinctItems() {
        #expect(refusal(#"{"type":"drag","action":"begin","item":"a","items":["a"]}"#) != nil)
        #expect(refusal(#"{"type":"drag","action":"begin","items":[]}"#) == #"field "items" is out of range"#)
        #expect(refusal(#"{"type":"drag","action":"begin","items":["a","b","a"]}"#) != nil)
        #expect(refusal(#"{"type":"drag","action":"begin","items":["a",7]}"#) != nil)
        let ids = (0...100).map { "\"i\($0)\"" }.joined(separator: ",")
        #expect(refusal(#"{"type":"drag","action":"begin","items":[\#(ids)]}"#) == #"field "items" is out of range"#)
        #expect(
            refusal(#"{"type":"drag","action":"over","items":["a","b"],"base":3,"to":{"section":"s","index":0}}"#)
                == nil)
    }
}
