import BoardSync
import Testing

/// A board's history in words: each op named on the board as it was just before it, in the same
/// words a status line uses for a remote op.
@Suite struct HistoryWordsTests {
    private let start = Board(
        id: "team", version: 4,
        sections: [
            Section(id: "todo", title: "To do", items: [Item(id: "p", label: "Photos"), Item(id: "m", label: "Mail")]),
            Section(id: "done", title: "Done"),
        ])

    private func entry(_ version: Int, _ user: String, _ op: Op) -> SequencedOp {
        SequencedOp(
            version: version, client: "c-\(user)", user: user, seq: 0, op: op, committedAt: CommitTime(milliseconds: 0))
    }

    private var entries: [SequencedOp] {
        [
            entry(8, "ann", .deleteSection(section: "todo", from: 0)),
            entry(7, "bob", .renameSection(section: "done", title: "Finished")),
            entry(6, "ann", .update(item: "p", label: "Pictures")),
            entry(
                5, "bob",
                .move(item: "p", from: Position(section: "todo", index: 0), to: Position(section: "done", index: 0))),
        ]
    }

    @Test func eachEntryIsNamedOnTheBoardJustBeforeIt() {
        #expect(
            OpDescription.describe(entries, startingFrom: start) == [
                "ann deleted section To do", "bob renamed section Done to Finished", "ann renamed Photos to Pictures",
                "bob moved Photos to Done",
            ])
    }

    @Test func aGroupIsOneChangeWithItsMembersAndARestoreIsNamedAsOne() {
        let moves = GroupSpan(first: 9, count: 2)
        let restore = GroupSpan(first: 11, count: 1, restores: 4)
        func member(_ version: Int, _ op: Op, _ group: GroupSpan) -> SequencedOp {
            var entry = entry(version, "ann", op)
            entry.group = group
            return entry
        }
        let page = [
            member(11, .update(item: "m", label: "Mail"), restore),
            member(
                10,
                .move(item: "m", from: Position(section: "todo", index: 0), to: Position(section: "done", index: 1)),
                moves),
            member(
                9, .move(item: "p", from: Position(section: "todo", index: 0), to: Position(section: "done", index: 0)),
                moves),
            entry(8, "bob", .update(item: "m", label: "Post")),
        ]
        let board = Board(
            id: "team", version: 7,
            sections: [
                Section(
                    id: "todo", title: "To do", items: [Item(id: "p", label: "Photos"), Item(id: "m", label: "Mail")]),
                Section(id: "done", title: "Done"),
            ])
        let changes = OpDescription.changes(page, startingFrom: board)
        #expect(
            changes.map(\.words) == [
                "ann restored the board to version 4", "ann moved 2 tiles to Done", "bob renamed Mail to Post",
            ])
        #expect(changes.map { $0.entries.map(\.version) } == [[11], [9, 10], [8]])
        #expect(changes[1].memberWords == ["ann moved Photos to Done", "ann moved Post to Done"])
        #expect(changes.map(\.isGroup) == [true, true, false])
        #expect(changes[2].memberWords.isEmpty)
    }

    @Test func theWordsAreTheStatusLinesWords() {
        let op = entries[3].op
        #expect(
            OpDescription.describe([entries[3]], startingFrom: start) == [
                OpDescription.describe(op, by: "bob", on: start)
            ])
    }

    @Test func withoutTheBoardBeforeThemEntriesAreNamedByIdFromThereOn() {
        #expect(
            OpDescription.describe(entries, startingFrom: nil) == [
                "ann deleted section todo", "bob renamed section done to Finished", "ann renamed p to Pictures",
                "bob moved p to done",
            ])
        let gap = [entries[0], entries[3]]
        #expect(
            OpDescription.describe(gap, startingFrom: start) == [
                "ann deleted section To do", "bob moved Photos to Done",
            ])
        var wrongVersion = start
        wrongVersion.version = 2
        #expect(OpDescription.describe([entries[3]], startingFrom: wrongVersion) == ["bob moved Photos to Done"])
    }

    @Test func replayAppliesOnlyTheNextVersion() {
        var state = BoardState(board: start)
        let skipped = state.replay(.update(item: "p", label: "x"), committedAt: 6)
        let unknown = state.replay(.update(item: "nope", label: "x"), committedAt: 5)
        #expect(!skipped && !unknown && state.version == 4)
        let next = state.replay(.update(item: "p", label: "x"), committedAt: 5)
        #expect(next)
        #expect(state.version == 5 && state.board.item("p")?.label == "x")
    }
}
