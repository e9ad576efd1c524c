import BoardSync
import Testing

/// Restoring a version on the client: one group (or consecutive groups of at most 500 ops), one
/// undo step, one sentence that says what changed; worked out again when the server refuses it.
@Suite struct ClientRestoreTests {
    private func live(_ board: Board = clientBoard) -> ClientSession {
        var session = ClientSession(board: "team", user: "ann", client: "A", seed: 3)
        _ = session.handle(.start, now: 0)
        _ = session.handle(.opened, now: 0)
        _ = session.handle(.received(clientWelcome(board)), now: 0)
        return session
    }

    private func submits(_ step: SessionStep) -> [ClientMessage.Submit] {
        step.send.compactMap { if case .submit(let submit) = $0 { submit } else { nil } }
    }

    @Test func aRestoreIsOneGroupOneSentenceAndOneUndoStep() {
        var session = live()
        _ = session.handle(.received(bobs(6, .delete(item: "b", from: at("main", 1)))), now: 1)
        _ = session.handle(.received(bobs(7, .move(item: "a", from: at("main", 0), to: at("done", 0)))), now: 2)
        _ = session.handle(.received(bobs(8, .update(item: "c", label: "Calculator"))), now: 3)
        #expect(
            session.restoreSummary(to: clientBoard).sentence
                == "1 tile moves, 1 comes back; 1 label or title changes back.")

        let step = session.handle(.intent(.restore(clientBoard, version: 5)), now: 4)
        let sent = submits(step)
        #expect(sent.count == 1)
        #expect(sent.first?.ops.count == 3)
        #expect(sent.first?.restores == 5)
        #expect(
            step.announcements == [
                "Restored the board to version 5. 1 tile moves, 1 comes back; 1 label or title changes back."
            ])
        let shown = session.view.sections.map { $0.cells.map(\.label) }
        #expect(shown == [["Mail", "Maps", "Calc"], []])
        #expect(session.view.sections[0].cells[1].id != "b", "an id is never used twice")

        let ops = sent[0].ops
        _ = session.handle(.received(.ack(.init(seq: sent[0].seq, version: 8 + ops.count, ops: ops))), now: 5)
        let undo = session.handle(.intent(.undo), now: 6)
        let undone = submits(undo)
        #expect(undone.count == 1 && (undone.first?.ops.count ?? 0) == 3)
        #expect(undone.first?.restores == nil, "undoing a restore is not a restore")
        #expect(session.view.sections.map { $0.cells.map(\.label) } == [["Calculator"], ["Mail"]])
    }

    @Test func theSameBoardNeedsNoChange() {
        var session = live()
        let step = session.handle(.intent(.restore(clientBoard, version: 5)), now: 1)
        #expect(submits(step).isEmpty)
        #expect(step.announcements == ["The board is already as it was at version 5."])
    }

    @Test func aRestoreOfMoreThanFiveHundredOpsGoesAsConsecutiveGroups() {
        let earlier = Board(
            id: "team", version: 5,
            sections: [
                Section(id: "main", title: "Main", items: (0..<700).map { Item(id: ItemID("t\($0)"), label: "T\($0)") })
            ])
        var session = live(Board(id: "team", version: 5, sections: [Section(id: "main", title: "Main")]))
        let first = submits(session.handle(.intent(.restore(earlier, version: 2)), now: 1))
        #expect(first.count == 1 && first.first?.ops.count == 500)
        #expect(session.view.sections[0].cells.count == 700)
        let ops = first[0].ops
        let second = submits(session.handle(.received(.ack(.init(seq: first[0].seq, version: 505, ops: ops))), now: 2))
        #expect(second.count == 1 && second.first?.ops.count == 200 && second.first?.base == 505)
        #expect(first.first?.restores == 2 && second.first?.restores == 2)
        #expect(session.view.sections[0].cells.map(\.label) == earlier.sections[0].items.map(\.label))
    }

    @Test func aRefusedRestoreIsWorkedOutAgainOnTheNewerBoardWithFreshIDs() {
        var session = live()
        _ = session.handle(.received(bobs(6, .delete(item: "b", from: at("main", 1)))), now: 1)
        let first = submits(session.handle(.intent(.restore(clientBoard, version: 5)), now: 2))
        let firstIDs = Set(
            (first.first?.ops ?? []).compactMap { if case .insert(let item, _) = $0 { item.id } else { nil } })
        _ = session.handle(.received(bobs(7, .delete(item: "c", from: at("main", 1)))), now: 3)
        let again = submits(
            session.handle(
                .received(.error(.init(code: .badOp, message: "gone", seq: first.first?.seq, index: 0))), now: 4))
        #expect(again.count == 1 && again.first?.base == 7)
        let inserted = (again.first?.ops ?? []).compactMap { if case .insert(let item, _) = $0 { item } else { nil } }
        #expect(inserted.map(\.label) == ["Maps", "Calc"])
        #expect(Set(inserted.map(\.id)).isDisjoint(with: firstIDs))
        #expect(session.view.sections[0].cells.map(\.label) == ["Mail", "Maps", "Calc"])
    }

    @Test func anImportAddsItsSectionsAfterTheBoardsOwnInGroupsOfAtMostFiveHundred() {
        var machine = liveClient()
        let imported = [
            Section(
                id: "x", title: "Backlog", items: (0..<600).map { Item(id: ItemID("c\($0)"), label: "Card \($0)") }),
            Section(id: "y", title: "Empty"),
        ]
        let output = machine.perform(.appendSections(imported, idSeed: 9))
        let sent = output.send.compactMap { if case .submit(let submit) = $0 { submit } else { nil } }
        #expect(sent.count == 1 && sent[0].ops.count == 500)
        let board = machine.optimistic?.board
        #expect(board?.sections.map(\.title) == ["Main", "Done", "Backlog", "Empty"])
        #expect(board?.sections[2].items.map(\.label) == imported[0].items.map(\.label))
        #expect(board?.sections[2].id != "x" && board?.sections[2].items.first?.id != "c0", "imported under new ids")
        let next = machine.receive(.ack(.init(seq: sent[0].seq, version: 505, ops: sent[0].ops)))
        let rest = next.send.compactMap { if case .submit(let submit) = $0 { submit } else { nil } }
        #expect(rest.count == 1 && rest[0].ops.count == 102)
    }
}

/// An import of long labels and an import refused halfway: its groups fit a message, and what was
/// committed is never added again.
@Suite struct ClientImportGroupTests {
    private func submits(_ output: ClientOutput) -> [ClientMessage.Submit] {
        output.send.compactMap { if case .submit(let submit) = $0 { submit } else { nil } }
    }

    @Test func groupsOfLongLabelsFitTheMessageLimit() {
        var machine = liveClient()
        let label = String(repeating: "é", count: 100)
        let imported = [
            Section(id: "x", title: "Long", items: (0..<600).map { Item(id: ItemID("c\($0)"), label: label) })
        ]
        var sent = submits(machine.perform(.appendSections(imported, idSeed: 4)))
        var version = clientBoard.version
        var inserted = 0
        var groups = 0
        while let submit = sent.first {
            groups += 1
            #expect(WireCodec.encode(.submit(submit)).count <= 65_536)
            inserted += submit.ops.filter { if case .insert = $0 { true } else { false } }.count
            version += submit.ops.count
            sent = submits(machine.receive(.ack(.init(seq: submit.seq, version: version, ops: submit.ops))))
        }
        #expect(inserted == 600)
        #expect(groups >= 3, "600 labels of 200 bytes take at least three messages of 64 KiB")
        #expect(machine.committed?.board.sections.last?.items.map(\.label) == Array(repeating: label, count: 600))
    }

    @Test func aRefusedGroupIsWorkedOutAgainWithoutTheGroupsCommittedBefore() {
        var machine = liveClient()
        let imported = [
            Section(id: "x", title: "Backlog", items: (0..<600).map { Item(id: ItemID("c\($0)"), label: "Card \($0)") })
        ]
        let first = submits(machine.perform(.appendSections(imported, idSeed: 9)))
        #expect(first.count == 1 && first[0].ops.count == 500)
        let second = submits(machine.receive(.ack(.init(seq: first[0].seq, version: 505, ops: first[0].ops))))
        #expect(second.count == 1 && second[0].ops.count == 101)
        let again = submits(
            machine.receive(.error(.init(code: .limit, message: "board full", seq: second[0].seq, index: 100))))
        #expect(again.count == 1)
        #expect(again.first?.ops == second[0].ops, "only the refused rest goes again, under the same ids")
        _ = machine.receive(.ack(.init(seq: again[0].seq, version: 606, ops: again[0].ops)))
        #expect(machine.pendingCount == 0)
        #expect(machine.committed?.board.sections.last?.items.map(\.label) == imported[0].items.map(\.label))
        #expect(machine.committed?.board.sections.count == clientBoard.sections.count + 1)
    }
}
