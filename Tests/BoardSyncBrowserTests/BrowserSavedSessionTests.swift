import BoardSync
import BoardSyncBrowser
import TestSupport
import Testing

/// What a page keeps of its session and how it hands it back: `null` before there is anything,
/// the kept text as it is, and kept text that does not fit the page's board or cannot be read
/// refused with its reason instead of opening something else.
@Suite struct BrowserSavedSessionTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private let kept = SavedSession(
        board: "team", user: "ann", client: "A", committed: Board(id: "team", version: 2), lastSeq: 1, nextSeq: 3,
        pending: [SavedSession.Pending(seq: 2, ops: [.update(item: "a", label: "Post")])])

    @Test func nothingIsKeptBeforeTheFirstWelcome() {
        var sessions = BrowserSessions()
        _ = sessions.open(Array(#"{"board":"team","user":"ann","seed":1}"#.utf8))
        #expect(text(sessions.saved(session: 1)) == "null")
        #expect(text(sessions.saved(session: 7)) == #"{"error":"no open session 7"}"#)
    }

    @Test func keptTextOpensTheSessionItCameFrom() throws {
        var sessions = BrowserSessions()
        let opened = text(
            sessions.open(Array(#"{"saved":\#(text(kept.json)),"board":"team","user":"ann","seed":1}"#.utf8)))
        #expect(opened.contains(#""client":"A""#) && opened.contains(#""pending":1"#))
        #expect(try SavedSession(json: sessions.saved(session: 1)) == kept)
    }

    @Test func keptTextOfAnotherBoardOrUserOrThatCannotBeReadIsRefused() {
        var sessions = BrowserSessions()
        let saved = text(kept.json)
        for (parameters, error) in [
            (#"{"saved":\#(saved),"board":"other","user":"ann","seed":1}"#, "belongs to another board, user or client"),
            (#"{"saved":\#(saved),"board":"team","user":"bob","seed":1}"#, "belongs to another board, user or client"),
            (
                #"{"saved":\#(saved),"board":"team","user":"ann","client":"B","seed":1}"#,
                "belongs to another board, user or client"
            ),
            (
                #"{"saved":{"format":1},"board":"team","user":"ann","seed":1}"#,
                #"cannot be read: missing field \"client\""#
            ),
            (#"{"saved":"text","board":"team","user":"ann","seed":1}"#, #"must be an object"#),
        ] {
            let answer = text(sessions.open(Array(parameters.utf8)))
            #expect(answer.contains(error), "\(answer)")
            #expect(!answer.contains(#""session""#))
        }
        #expect(sessions.count == 0)
    }
}
