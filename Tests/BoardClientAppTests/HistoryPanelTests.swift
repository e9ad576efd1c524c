import BoardClientApp
import BoardSync
import TerminalUI
import Testing

/// The history panel (`H`): recent changes in words, newest first, named as they were made,
/// scrolled back page by page, live as ops arrive; Enter shows the board as it was, read-only.
@Suite struct HistoryPanelTests {
    typealias F = ModelFixtures
    static let bob = ServerMessage.Peer(client: "bob0000000000001", user: "bob")
    /// 2026-12-01T14:05:00Z.
    static let fivePast = Int64(1_796_133_900_000)

    /// The board before the three changes: Mail and Photos in To do, Done empty.
    static let first = Board(
        id: "team", version: 0,
        sections: [
            Section(
                id: "todo", title: "To do",
                items: [Item(id: "todo0", label: "Mail"), Item(id: "done0", label: "Photos")]),
            Section(id: "done", title: "Done"),
        ])

    /// bob adds Maps, bob moves Photos to Done, ann renames Maps to Atlas: newest first.
    static let changes = [
        SequencedOp(
            version: 3, client: F.me, user: "ann", seq: 0,
            op: .update(item: "todo1", label: "Atlas"),
            committedAt: CommitTime(milliseconds: fivePast - 60_000)),
        SequencedOp(
            version: 2, client: bob.client, user: "bob", seq: 0,
            op: .move(
                item: "done0", from: Position(section: "todo", index: 1), to: Position(section: "done", index: 0)),
            committedAt: CommitTime(milliseconds: fivePast - 120_000)),
        SequencedOp(
            version: 1, client: bob.client, user: "bob", seq: 0,
            op: .insert(item: Item(id: "todo1", label: "Maps"), to: Position(section: "todo", index: 2)),
            committedAt: CommitTime(milliseconds: fivePast - 180_000)),
    ]

    /// The board at version 3, as the changes left it, with the history panel open.
    static func open() -> (AppModel, [AppCommand]) {
        var model = F.model(
            F.board(
                [
                    (id: "todo", title: "To do", labels: ["Mail", "Atlas"]),
                    (id: "done", title: "Done", labels: ["Photos"]),
                ], version: 3),
            width: 64, height: 10, peers: [bob])
        model.wallClock = WallClock(epochMilliseconds: fivePast, monotonic: 0, utcOffset: 0)
        let commands = model.update(F.char("H"), now: 0.5)
        return (model, commands)
    }

    static func answer(_ page: [SequencedOp], board: BoardName = "team") -> FetchResult {
        .answered(status: 200, body: WireCodec.encodeHistory(HistoryPage(board: board, entries: page)))
    }

    static func answer(_ board: Board) -> FetchResult {
        .answered(status: 200, body: WireCodec.encodeBoard(board))
    }

    @Test func changesAreListedNewestFirstInTheWordsOfTheTimeTheyWereMade() {
        var (model, commands) = Self.open()
        #expect(commands.contains(.fetch(.history(board: "team", before: nil, limit: 50))))
        #expect(F.picture(model, time: 0.5)[2] == "   loading the history…")
        let page = model.update(
            .fetched(.history(board: "team", before: nil, limit: 50), Self.answer(Self.changes)), now: 0.6)
        #expect(page.contains(.fetch(.board("team", version: 0))))
        #expect(F.picture(model)[2] == " ▸ v3  ann renamed Atlas to Atlas · 14:04")
        _ = model.update(.fetched(.board("team", version: 0), Self.answer(Self.first)), now: 0.7)
        #expect(
            F.picture(model) == [
                " team v3 · connected ann bob",
                " History of team · newest first",
                " ▸ v3  ann renamed Maps to Atlas · 14:04",
                "   v2  bob moved Photos to Done · 14:03",
                "   v1  bob added Maps to To do · 14:02",
                "   (the oldest change the server keeps)",
                "",
                "",
                "",
                "↑↓ scroll · Enter the board at that version · Esc close",
            ])
        #expect(F.colours(model, time: 10, rows: 3...3) == ["......." + String(repeating: "c", count: 24)])
    }

    @Test func aGroupIsOneLineOpenedAsAWholeEvenWhenItsMembersCameInTwoPages() {
        var (model, _) = Self.open()
        let span = GroupSpan(first: 2, count: 2)
        let moveBoth = [
            SequencedOp(
                version: 3, client: Self.bob.client, user: "bob", seq: 1,
                op: .move(
                    item: "todo0", from: Position(section: "todo", index: 0), to: Position(section: "done", index: 1)),
                group: span, committedAt: CommitTime(milliseconds: Self.fivePast - 60_000)),
            SequencedOp(
                version: 2, client: Self.bob.client, user: "bob", seq: 1,
                op: .move(
                    item: "done0", from: Position(section: "todo", index: 1), to: Position(section: "done", index: 0)),
                group: span, committedAt: CommitTime(milliseconds: Self.fivePast - 60_000)),
        ]
        _ = model.update(
            .fetched(.history(board: "team", before: nil, limit: 50), Self.answer([moveBoth[0]])), now: 0.6)
        _ = model.update(
            .fetched(.history(board: "team", before: 3, limit: 50), Self.answer([moveBoth[1], Self.changes[2]])),
            now: 0.7)
        _ = model.update(.fetched(.board("team", version: 0), Self.answer(Self.first)), now: 0.8)
        let lines = model.history?.lines ?? []
        #expect(lines.map(\.versions) == ["v2–3", "v1"])
        #expect(lines.first?.text.hasPrefix("bob moved 2 tiles") == true, "\(lines.map(\.text))")
        #expect(F.picture(model)[2].hasPrefix(" ▸ v2–3  bob moved 2 tiles"), "\(F.picture(model))")
        #expect(F.picture(model)[3].hasPrefix("   v1    bob added Maps"), "\(F.picture(model))")
        #expect(model.update(F.key(.enter), now: 1).contains(.fetch(.board("team", version: 3))))
    }

    @Test func opsThatArriveWhileItIsOpenAreAddedOnTop() {
        var (model, _) = Self.open()
        _ = model.update(.fetched(.history(board: "team", before: nil, limit: 50), Self.answer(Self.changes)), now: 0.6)
        _ = model.update(F.key(.down), now: 0.7)
        _ = model.update(
            .server(
                .op(
                    .init(
                        version: 4, client: Self.bob.client, user: "bob", seq: 0,
                        op: .update(item: "todo0", label: "Post")))),
            now: 1)
        #expect(F.picture(model)[2] == "   v4  bob renamed Mail to Post · 14:05")
        #expect(F.picture(model)[4] == " ▸ v2  bob moved Photos to Done · 14:03", "the chosen change moved")
        let own = model.update(F.key(.escape), now: 2)
        #expect(model.history == nil && own.isEmpty == false)
        _ = model.update(F.char("H"), now: 3)
        _ = model.update(.fetched(.history(board: "team", before: nil, limit: 50), Self.answer(Self.changes)), now: 3)
        _ = model.update(F.char("e"), now: 3)
        #expect(model.mode == .browsing, "keys reached the board under the panel")
    }

    @Test func ownEditsAreListedToo() {
        var (model, _) = Self.open()
        _ = model.update(.fetched(.history(board: "team", before: nil, limit: 50), Self.answer(Self.changes)), now: 0.6)
        let op = Op.renameSection(section: "done", title: "Finished")
        _ = model.update(.server(.ack(.init(seq: 1, version: 4, op: op))), now: 1)
        #expect(F.picture(model)[2] == " ▸ v4  ann renamed section Done to Finished · 14:05")
    }

    @Test func scrollingBackFetchesOlderPages() {
        var (model, _) = Self.open()
        let page = (51...100).reversed().map { version in
            SequencedOp(
                version: version, client: Self.bob.client, user: "bob", seq: 0,
                op: .update(item: "todo0", label: "v\(version)"),
                committedAt: CommitTime(milliseconds: Self.fivePast - 86_400_000))
        }
        _ = model.update(.fetched(.history(board: "team", before: nil, limit: 50), Self.answer(page)), now: 0.6)
        #expect(F.picture(model)[2] == " ▸ v100  bob renamed Mail to v100 · 2026-11-30 14:05")
        var fetches: [AppCommand] = []
        for _ in 0..<47 { fetches += model.update(F.key(.down), now: 1) }
        #expect(
            fetches.filter { if case .fetch(.history) = $0 { true } else { false } } == [
                .fetch(.history(board: "team", before: 51, limit: 50))
            ])
        #expect(F.picture(model)[8] == " ▸ v53   bob renamed Mail to v53 · 2026-11-30 14:05")
        _ = model.update(F.key(.pageDown), now: 1)
        #expect(F.picture(model, time: 1)[8].hasPrefix(" ▸ v51 "))
        #expect(F.picture(model, time: 1).contains("   loading older changes…") == false)
    }

    @Test func enterShowsTheBoardAsItWasReadOnlyAndEscReturns() {
        var (model, _) = Self.open()
        _ = model.update(.fetched(.history(board: "team", before: nil, limit: 50), Self.answer(Self.changes)), now: 0.6)
        _ = model.update(F.key(.down), now: 1)
        #expect(model.update(F.key(.enter), now: 1).contains(.fetch(.board("team", version: 2))))
        var atTwo = Self.first
        atTwo.version = 2
        atTwo.sections = [
            Section(
                id: "todo", title: "To do", items: [Item(id: "todo0", label: "Mail"), Item(id: "todo1", label: "Maps")]),
            Section(id: "done", title: "Done", items: [Item(id: "done0", label: "Photos")]),
        ]
        _ = model.update(.fetched(.board("team", version: 2), Self.answer(atTwo)), now: 1)
        #expect(
            F.picture(model) == [
                " team as it was at v2 · 14:03 · read-only · Esc returns",
                " To do (2)",
                " ┌────────────┐ ┌────────────┐",
                " │ Mail       │ │ Maps       │",
                " └────────────┘ └────────────┘",
                "",
                " Done (1)",
                " ┌────────────┐",
                " │ Photos     │",
                "v2: bob moved Photos to Done · ↑↓ scroll · r restore this versi…",
            ])
        #expect(AppView.render(model, time: 10).cell(x: 5, y: 0)?.style.background == .yellow)
        #expect(F.sent(model.update(F.char("d"), now: 2)).isEmpty && model.mode == .browsing)
        _ = model.update(F.key(.down), now: 2)
        #expect(F.picture(model, time: 2)[1] == " ┌────────────┐ ┌────────────┐")
        _ = model.update(F.key(.escape), now: 2)
        #expect(model.past == nil && F.picture(model, time: 2)[1] == " History of team · newest first")
        _ = model.update(F.key(.escape), now: 2)
        #expect(F.picture(model, time: 2)[1] == " To do (2)")
    }

    @Test func aVersionNoLongerRetainedIsSaidSo() {
        var (model, _) = Self.open()
        _ = model.update(.fetched(.history(board: "team", before: nil, limit: 50), Self.answer(Self.changes)), now: 0.6)
        _ = model.update(F.key(.end), now: 1)
        _ = model.update(F.key(.enter), now: 1)
        let refusal = FetchResult.answered(status: 404, body: WireCodec.encodeRefusal(HTTPRefusal(.notRetained)))
        _ = model.update(.fetched(.board("team", version: 1), refusal), now: 1)
        #expect(model.past == nil)
        #expect(F.picture(model, time: 1)[9] == "v1 is no longer retained by the server")
    }

    @Test func rRestoresTheVersionShownAfterAQuestionNamingWhatChanges() {
        var (model, _) = Self.open()
        _ = model.update(.fetched(.history(board: "team", before: nil, limit: 50), Self.answer(Self.changes)), now: 0.6)
        _ = model.update(F.key(.end), now: 1)
        _ = model.update(F.key(.enter), now: 1)
        var atOne = Self.first
        atOne.version = 1
        atOne.sections[0].items.append(Item(id: "todo1", label: "Maps"))
        _ = model.update(.fetched(.board("team", version: 1), Self.answer(atOne)), now: 1)
        #expect(F.sent(model.update(F.char("r"), now: 2)).isEmpty)
        #expect(F.picture(model, time: 2)[9].hasPrefix("Restore the board to version 1? 1 tile moves; 1 label"))
        _ = model.update(F.char("n"), now: 3)
        #expect(model.past?.restoreQuestion == nil && model.past != nil)
        _ = model.update(F.char("r"), now: 4)
        let sent = F.sent(model.update(F.char("y"), now: 5))
        #expect(model.past == nil && model.history == nil)
        guard case .submit(let submit)? = sent.first else {
            Issue.record("no submit was sent: \(sent)")
            return
        }
        #expect(submit.ops.count == 2)
        #expect(model.session.view.sections.map { $0.cells.map(\.label) } == [["Mail", "Photos", "Maps"], []])
    }
}
