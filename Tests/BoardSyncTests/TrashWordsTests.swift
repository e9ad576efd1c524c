import BoardSync
import Testing

/// What every client says when a board is deleted under it, before it deletes one, and of a
/// name that cannot be a board's.
@Suite struct TrashWordsTests {
    @Test func aDeletedBoardStopsTheSessionForGoodInPlainWords() {
        var session = ClientSession(board: "team", user: "ann", client: "A", seed: 1)
        _ = session.handle(.start, now: 0)
        _ = session.handle(.opened, now: 0.1)
        _ = session.handle(.received(clientWelcome()), now: 0.2)
        let step = session.handle(.closed(code: ReconnectPolicy.boardDeletedCode), now: 1)
        #expect(ReconnectPolicy.boardDeletedCode == 4410)
        #expect(step.stopped?.hasPrefix("This board was deleted.") == true)
        #expect(step.connectAfter == nil)
        #expect(session.isStopped)
        #expect(session.handle(.tick, now: 60).connectAfter == nil)
    }

    @Test func theQuestionBeforeADeleteNamesTheTiles() {
        #expect(SessionWords.deleteBoard("team", tiles: 12) == "Delete board “team” and its 12 tiles?")
        #expect(SessionWords.deleteBoard("team", tiles: 1) == "Delete board “team” and its 1 tile?")
        #expect(SessionWords.deleteBoard("team", tiles: 0) == "Delete the empty board “team”?")
    }

    @Test func aBadBoardNameIsExplainedAndAGoodOneIsNot() {
        #expect(BoardName.problem("team-2026.plans_x") == nil)
        #expect(BoardName.problem("") == "A board name cannot be empty.")
        #expect(BoardName.problem("my board")?.hasSuffix("not a space.") == true)
        #expect(BoardName.problem("café")?.hasSuffix("not “é”.") == true)
        #expect(BoardName.problem("a/b")?.hasSuffix("not “/”.") == true)
        #expect(BoardName.problem("tab\there")?.hasSuffix("not a control character.") == true)
        #expect(
            BoardName.problem(String(repeating: "x", count: 65))
                == "A board name has at most 64 characters; this one has 65.")
        for name in ["ok", "", "a b", String(repeating: "y", count: 64), String(repeating: "y", count: 65), "ü"] {
            #expect((BoardName.problem(name) == nil) == (BoardName(name) != nil))
        }
    }
}
