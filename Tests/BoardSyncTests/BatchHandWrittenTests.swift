import BoardSync
import Testing

@Suite("Update batches for hand-picked changes")
struct BatchHandWrittenTests {
    private func path(_ section: Int, _ item: Int) -> CellPath { CellPath(section: section, item: item) }

    @Test func identicalViewsGiveAnEmptyBatch() {
        let batch = checkedBatch(view("a: 1 2 3 | b: 4"), view("a: 1 2 3 | b: 4"))
        #expect(batch.isEmpty)
        #expect(batch.description == "no changes")
    }

    @Test func singleMoveForward() {
        let batch = checkedBatch(view("a: 1 2 3 4 5"), view("a: 2 3 4 1 5"))
        #expect(batch == UpdateBatch(itemMoves: [CellMove(from: path(0, 0), to: path(0, 3))]))
    }

    @Test func singleMoveBack() {
        let batch = checkedBatch(view("a: 1 2 3 4 5"), view("a: 1 5 2 3 4"))
        #expect(batch == UpdateBatch(itemMoves: [CellMove(from: path(0, 4), to: path(0, 1))]))
    }

    @Test func swapOfTwoIsOneMove() {
        let batch = checkedBatch(view("a: 1 2 3 4"), view("a: 1 3 2 4"))
        #expect(batch.itemMoves.count == 1)
        #expect(batch.changeCount == 1)
    }

    @Test func moveToAnotherSection() {
        let batch = checkedBatch(view("a: 1 2 3 | b: 4 5"), view("a: 1 3 | b: 4 2 5"))
        #expect(batch == UpdateBatch(itemMoves: [CellMove(from: path(0, 1), to: path(1, 1))]))
    }

    @Test func insertAndDeleteShiftOthersWithoutMoves() {
        let batch = checkedBatch(view("a: 1 2 3 4"), view("a: 9 1 3 4 8"))
        #expect(batch == UpdateBatch(itemDeletes: [path(0, 1)], itemInserts: [path(0, 0), path(0, 4)]))
        #expect(batch.description == "item deletes: 0.1\nitem inserts: 0.0, 0.4")
    }

    @Test func sectionMoveCarriesItsCells() {
        let batch = checkedBatch(view("a: 1 2 | b: 3 | c: 4 5"), view("c: 4 5 | a: 1 2 | b: 3"))
        #expect(batch == UpdateBatch(sectionMoves: [IndexMove(from: 2, to: 0)]))
    }

    @Test func sectionMoveWithCellChangesInside() {
        let batch = checkedBatch(view("a: 1 2 | b: 3 4"), view("b: 4 3 | a: 1 2 5"))
        #expect(batch.sectionMoves.count == 1)
        #expect(batch.itemMoves.count == 1)
        #expect(batch.itemInserts == [path(1, 2)])
    }

    @Test func deletedSectionDoesNotListItsCells() {
        let batch = checkedBatch(view("a: 1 2 | b: 3 4 | c: 5"), view("a: 1 2 | c: 5"))
        #expect(batch == UpdateBatch(sectionDeletes: [1]))
    }

    @Test func insertedSectionDoesNotListItsCells() {
        let batch = checkedBatch(view("a: 1"), view("a: 1 | n: 7 8"))
        #expect(batch == UpdateBatch(sectionInserts: [1]))
    }

    @Test func cellLeavingDeletedSectionIsAnInsert() {
        let batch = checkedBatch(view("a: 1 2 | b: 3 4"), view("a: 1 4 2"))
        #expect(batch == UpdateBatch(sectionDeletes: [1], itemInserts: [path(0, 1)]))
    }

    @Test func cellEnteringInsertedSectionIsADelete() {
        let batch = checkedBatch(view("a: 1 2 3"), view("a: 1 3 | n: 2"))
        #expect(batch == UpdateBatch(sectionInserts: [1], itemDeletes: [path(0, 1)]))
    }

    @Test func labelChangeIsAReloadAtTheOldPath() {
        var new = view("a: 9 1 2 3")
        new.sections[0].cells[2].label = "two"
        let batch = checkedBatch(view("a: 1 2 3"), new)
        #expect(batch == UpdateBatch(itemInserts: [path(0, 0)], itemReloads: [path(0, 1)]))
    }

    @Test func holderChangeIsAReload() {
        var new = view("a: 1 2 3")
        new.sections[0].cells[1].holder = DragHolder(client: "c7", user: "ann", isLocal: false)
        let batch = checkedBatch(view("a: 1 2 3"), new)
        #expect(batch == UpdateBatch(itemReloads: [path(0, 1)]))
    }

    @Test func movedCellWithNewLabelIsReloadedAtItsNewPath() {
        var new = view("a: 2 3 1")
        new.sections[0].cells[2].label = "one"
        let batch = checkedBatch(view("a: 1 2 3"), new)
        #expect(
            batch
                == UpdateBatch(itemMoves: [CellMove(from: path(0, 0), to: path(0, 2))], movedItemReloads: [path(0, 2)]))
    }

    @Test func titleChangeReloadsOnlyTheHeader() {
        var new = view("a: 1 3 2")
        new.sections[0].title = "Renamed"
        let batch = checkedBatch(view("a: 1 2 3"), new)
        #expect(batch.sectionReloads == [0])
        #expect(batch.itemMoves.count == 1)
        #expect(batch.itemReloads.isEmpty)
    }

    @Test func renamedMovedSectionIsReloadedAtItsNewIndex() {
        var new = view("b: 2 | c: 3 | a: 1")
        new.sections[2].title = "Ay"
        let batch = checkedBatch(view("a: 1 | b: 2 | c: 3"), new)
        #expect(batch == UpdateBatch(sectionMoves: [IndexMove(from: 0, to: 2)], movedSectionReloads: [2]))
    }

    @Test func viewOfABoardKeepsItsOrder() {
        let board = Board(
            id: "demo",
            sections: [
                Section(id: "todo", title: "To do", items: [Item(id: "x", label: "X"), Item(id: "y", label: "Y")])
            ])
        let shown = BoardView(board: board)
        #expect(shown.sections.map(\.id) == ["todo"])
        #expect(shown.sections[0].cells == [ViewCell(id: "x", label: "X"), ViewCell(id: "y", label: "Y")])
        #expect(shown.cellCount == 2)
    }

    @Test func replayRefusesACellListedInsideADeletedSection() {
        let batch = UpdateBatch(sectionDeletes: [0], itemDeletes: [path(0, 0)])
        #expect(throws: BatchReplayError.cellInDeletedSection(path(0, 0))) {
            try BatchReplay.apply(batch, to: view("a: 1"), contentFrom: BoardView())
        }
    }

    @Test func replayRefusesAMoveIntoAnInsertedSection() {
        let batch = UpdateBatch(sectionInserts: [1], itemMoves: [CellMove(from: path(0, 0), to: path(1, 0))])
        #expect(throws: BatchReplayError.cellInInsertedSection(path(1, 0))) {
            try BatchReplay.apply(batch, to: view("a: 1"), contentFrom: view("a: | n: 1"))
        }
    }

    @Test func replayRefusesAReloadOfAMovedCell() {
        let batch = UpdateBatch(itemMoves: [CellMove(from: path(0, 0), to: path(0, 1))], itemReloads: [path(0, 0)])
        #expect(throws: BatchReplayError.cellPathRepeated(path(0, 0))) {
            try BatchReplay.apply(batch, to: view("a: 1 2"), contentFrom: view("a: 2 1"))
        }
    }

    @Test func replayDetectsAForgottenReload() throws {
        var new = view("a: 1 2")
        new.sections[0].cells[0].label = "changed"
        let replayed = try BatchReplay.apply(UpdateBatch(), to: view("a: 1 2"), contentFrom: new)
        #expect(replayed != new)
    }

    @Test func replayRefusesOutOfRangeIndices() {
        #expect(throws: BatchReplayError.sectionIndexOutOfRange(3)) {
            try BatchReplay.apply(UpdateBatch(sectionDeletes: [3]), to: view("a: 1"), contentFrom: BoardView())
        }
        #expect(throws: BatchReplayError.cellPathOutOfRange(path(0, 5))) {
            try BatchReplay.apply(UpdateBatch(itemDeletes: [path(0, 5)]), to: view("a: 1"), contentFrom: view("a:"))
        }
    }
}
