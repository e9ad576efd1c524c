import BoardSync
import Testing

/// The JSON bodies of the HTTP endpoints (protocol section 8): canonical writing, strict reading.
@Suite struct HTTPBodyWireTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private let entry = SequencedOp(
        version: 7, client: "c1", user: "alice", seq: 0,
        op: .move(item: "a1", from: Position(section: "todo", index: 0), to: Position(section: "done", index: 2)),
        committedAt: CommitTime(milliseconds: 1_796_158_744_005))

    @Test func historyPagesAreWrittenInTheProtocolsOrderAndReadBack() throws {
        let page = HistoryPage(board: "demo", entries: [entry])
        let bytes = WireCodec.encodeHistory(page)
        #expect(
            text(bytes)
                == #"{"board":"demo","ops":[{"version":7,"client":"c1","user":"alice","at":"2026-12-01T20:59:04.005Z","#
                + #""op":{"kind":"move","item":"a1","from":{"section":"todo","index":0},"#
                + #""to":{"section":"done","index":2}}}]}"#)
        #expect(try WireCodec.decodeHistory(bytes) == page)
        #expect(text(WireCodec.encodeHistory(HistoryPage(board: "x", entries: []))) == #"{"board":"x","ops":[]}"#)
    }

    @Test func historyReadingIsStrict() {
        let good =
            #"{"version":7,"client":"c1","user":"alice","at":"2026-12-01T20:59:04.005Z","op":{"kind":"update","item":"a","label":"b"}}"#
        #expect(throws: Never.self) {
            try WireCodec.decodeHistory(Array(#"{"board":"d","ops":[\#(good)],"more":1}"#.utf8))
        }
        let broken = [
            #"{"ops":[]}"#,
            #"{"board":"d"}"#,
            #"{"board":"d","ops":{}}"#,
            #"{"board":"d","ops":[{"version":0,"client":"c","user":"u","at":"2026-12-01T20:59:04Z","op":{"kind":"update","item":"a","label":"b"}}]}"#,
            #"{"board":"d","ops":[{"version":1,"client":"c","user":"u","at":"yesterday","op":{"kind":"update","item":"a","label":"b"}}]}"#,
            #"{"board":"d","ops":[{"version":1,"client":"c","user":"u","at":"2026-12-01T20:59:04Z","op":{"kind":"fly"}}]}"#,
            "[]", "not json",
        ]
        for body in broken {
            #expect(throws: WireError.self, "\(body)") { try WireCodec.decodeHistory(Array(body.utf8)) }
        }
    }

    @Test func boardListsRoundTrip() throws {
        let boards = [
            BoardSummary(id: "demo", version: 7, sections: 2, items: 12),
            BoardSummary(id: "x", version: 0, sections: 1, items: 0),
        ]
        let bytes = WireCodec.encodeBoardList(boards)
        #expect(
            text(bytes)
                == #"{"boards":[{"id":"demo","version":7,"sections":2,"items":12},{"id":"x","version":0,"sections":1,"items":0}]}"#
        )
        #expect(try WireCodec.decodeBoardList(bytes) == boards)
        #expect(try WireCodec.decodeBoardList(Array(#"{"boards":[]}"#.utf8)) == [])
        #expect(throws: WireError.self) { try WireCodec.decodeBoardList(Array(#"{"boards":[{"id":"a"}]}"#.utf8)) }
        #expect(BoardSummary(Board.initial(id: "n")) == BoardSummary(id: "n", version: 0, sections: 1, items: 0))
    }

    @Test func refusalsRoundTrip() throws {
        let notRetained = HTTPRefusal(.notRetained)
        #expect(text(WireCodec.encodeRefusal(notRetained)) == #"{"error":"not_retained"}"#)
        #expect(try WireCodec.decodeRefusal(WireCodec.encodeRefusal(notRetained)) == notRetained)
        let bad = HTTPRefusal(.badParameter, message: "limit must be a whole number from 1 to 1000")
        #expect(
            text(WireCodec.encodeRefusal(bad))
                == #"{"error":"bad_parameter","message":"limit must be a whole number from 1 to 1000"}"#)
        #expect(try WireCodec.decodeRefusal(WireCodec.encodeRefusal(bad)) == bad)
        #expect(throws: WireError.self) { try WireCodec.decodeRefusal(Array(#"{"error":"gone"}"#.utf8)) }
    }
}
