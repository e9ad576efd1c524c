import BoardSync
import BoardSyncBrowser
import TestSupport
import Testing

/// What the page's history panel asks the core: a page of changes in words, the question before
/// restoring a version, and the restore itself, each with the texts the server answers.
@Suite struct BrowserHistoryTests {
    private let then = Board(
        id: "team", version: 1,
        sections: [
            Section(id: "todo", title: "To do", items: [Item(id: "a", label: "Mail"), Item(id: "b", label: "Maps")]),
            Section(id: "done", title: "Done", items: []),
        ])

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private func intent(_ fields: [(String, String)]) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 256)
        writer.beginObject()
        for (key, value) in fields {
            writer.key(key)
            writer.string(value)
        }
        writer.endObject()
        return writer.bytes
    }

    /// The answer to `historyWords` of `page`, the board at version 1 before it.
    private func historyWords(of page: HistoryPage, in session: inout BrowserSession) -> String {
        text(
            session.perform(
                intent([
                    ("type", "historyWords"), ("page", text(WireCodec.encodeHistory(page))),
                    ("before", text(WireCodec.encodeBoard(then))),
                ])
            ).json)
    }

    /// Ann's session on the board as it is now: Mail moved to Done and Maps deleted since version 1.
    private func live() -> BrowserSession {
        var session = BrowserSession(SessionParameters(client: "A", user: "ann", board: "team", seed: 1))
        _ = session.perform(.connected)
        let now = Board(
            id: "team", version: 3,
            sections: [
                Section(id: "todo", title: "To do", items: []),
                Section(id: "done", title: "Done", items: [Item(id: "a", label: "Mail")]),
            ])
        _ = session.receive(
            .welcome(
                .init(state: .board(now), you: .init(client: "A", user: "ann", role: .editor), peers: [], lastSeq: 0)))
        return session
    }

    @Test func aPageOfHistoryIsListedNewestFirstInTheClientsWords() {
        var session = live()
        let page = HistoryPage(
            board: "team",
            entries: [
                SequencedOp(
                    version: 2, client: "B", user: "bob", seq: 1,
                    op: .move(
                        item: "a", from: Position(section: "todo", index: 0), to: Position(section: "done", index: 0)),
                    committedAt: CommitTime(milliseconds: 1_700_000_000_000)),
                SequencedOp(
                    version: 3, client: "B", user: "bob", seq: 2,
                    op: .delete(item: "b", from: Position(section: "todo", index: 0)),
                    committedAt: CommitTime(milliseconds: 1_700_000_060_000)),
            ])
        let answer = historyWords(of: page, in: &session)
        #expect(
            answer.contains(
                #""history":[{"version":3,"user":"bob","at":"2023-11-14T22:14:20.000Z","text":"bob deleted Maps"},{"version":2,"user":"bob","at":"2023-11-14T22:13:20.000Z","text":"bob moved Mail to Done"}]"#
            ), "\(answer)")
    }

    @Test func aGroupIsOneLineFromItsFirstVersionToItsLast() {
        var session = live()
        let span = GroupSpan(first: 2, count: 2)
        let page = HistoryPage(
            board: "team",
            entries: [
                SequencedOp(
                    version: 2, client: "B", user: "bob", seq: 1,
                    op: .move(
                        item: "a", from: Position(section: "todo", index: 0), to: Position(section: "done", index: 0)),
                    group: span, committedAt: CommitTime(milliseconds: 1_700_000_000_000)),
                SequencedOp(
                    version: 3, client: "B", user: "bob", seq: 1,
                    op: .move(
                        item: "b", from: Position(section: "todo", index: 0), to: Position(section: "done", index: 1)),
                    group: span, committedAt: CommitTime(milliseconds: 1_700_000_000_000)),
            ])
        let answer = historyWords(of: page, in: &session)
        #expect(
            answer.contains(
                #""history":[{"first":2,"version":3,"user":"bob","at":"2023-11-14T22:13:20.000Z","text":"bob moved 2 tiles to Done"}]"#
            ), "\(answer)")
    }

    @Test func theRestoreQuestionNamesWhatChangesAndTheRestoreIsOneGroup() {
        var session = live()
        let board = text(WireCodec.encodeBoard(then))
        let question = session.perform(intent([("type", "restoreQuestion"), ("board", board)]))
        #expect(question.question == "Restore the board to version 1? 1 tile moves, 1 comes back.")
        #expect(question.restorable == true)
        #expect(question.send.isEmpty)
        let restored = session.perform(intent([("type", "restore"), ("board", board)]))
        let submits = restored.send.compactMap { if case .submit(let submit) = $0 { submit } else { nil } }
        #expect(submits.count == 1 && submits[0].ops.count == 2)
        #expect(session.machine.view.sections.map { $0.cells.map(\.label) } == [["Mail", "Maps"], []])
    }

    @Test func aViewerAndABoardAlreadyAsItWasAreToldWhyNot() {
        var session = live()
        let same = text(WireCodec.encodeBoard(session.machine.committed!.board))
        let already = session.perform(intent([("type", "restoreQuestion"), ("board", same)]))
        #expect(already.question == "The board is already as it was at version 3.")
        #expect(already.restorable == false)
        let broken = session.perform(intent([("type", "restoreQuestion"), ("board", "{\"id\": 1}")]))
        #expect(broken.error == .wrongType(field: "board", expected: "the text of a board (protocol section 8)"))
    }
}
