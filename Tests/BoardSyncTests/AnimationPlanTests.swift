import BoardSync
import Testing

/// Animation plans built from hand-written views and batches: what moves, what only shifts, what
/// comes and goes, and who gets the credit.
@Suite struct AnimationPlanTests {
    static let bob = ChangeCause(mover: .remote(client: "B", user: "bob"), kind: .edit)

    func plan(
        _ old: BoardView, _ new: BoardView, batch: UpdateBatch? = nil, cause: ChangeCause? = nil
    ) throws -> AnimationPlan {
        try AnimationPlan(old: old, batch: batch ?? checkedBatch(old, new), new: new, cause: cause)
    }

    func motions(_ plan: AnimationPlan) -> [ItemID: Motion] {
        Dictionary(plan.cells.map { ($0.id, $0.motion) }, uniquingKeysWith: { first, _ in first })
    }

    func bobMoved(_ ids: String...) -> ChangeCause {
        ChangeCause(mover: Self.bob.mover, kind: .edit, moved: ids)
    }

    @Test func oneMoveAmongSixChangedPlacesLiftsOneAndShiftsFive() throws {
        let old = view("s: a b c d e f")
        let new = view("s: b c d e f a")
        let plan = try plan(old, new, cause: bobMoved("a"))
        #expect(plan.movedCells.map(\.id) == ["a"])
        #expect(plan.cells.filter { $0.motion == .shifted }.map(\.id) == ["b", "c", "d", "e", "f"])
        let moved = try #require(plan.cells.first { $0.id == "a" })
        #expect(moved.from == CellPath(section: 0, item: 0) && moved.to == CellPath(section: 0, item: 5))
        #expect(moved.mover == .remote(client: "B", user: "bob") && moved.marked)
        #expect(plan.cells.filter(\.marked).map(\.id) == ["a"])
        #expect(plan.cells.allSatisfy { $0.id == "a" || $0.mover == nil })
        #expect(plan.duration == 0.2 && plan.markDuration == 1.5)
    }

    @Test func thePlanFollowsTheBatchNotTheViews() throws {
        let old = view("s: a b c d e f")
        let new = view("s: b c d e f a")
        let fiveMoves = UpdateBatch(
            itemMoves: (1...5).map {
                CellMove(from: CellPath(section: 0, item: $0), to: CellPath(section: 0, item: $0 - 1))
            })
        #expect(try BatchReplay.apply(fiveMoves, to: old, contentFrom: new) == new)
        let plan = try plan(old, new, batch: fiveMoves)
        #expect(plan.movedCells.map(\.id) == ["b", "c", "d", "e", "f"])
        #expect(motions(plan)["a"] == .shifted)
    }

    @Test func aSwapWithANeighbourNamesTheTileTheCauseMoved() throws {
        let old = view("s: a b c")
        let new = view("s: b a c")
        let batch = checkedBatch(old, new)
        #expect(batch.itemMoves.count == 1)
        for moved in ["a", "b"] {
            let plan = try plan(old, new, batch: batch, cause: bobMoved(moved))
            #expect(plan.movedCells.map(\.id) == [ItemID(moved)])
            #expect(plan.cells.filter { $0.motion == .shifted }.map(\.id) == [moved == "a" ? "b" : "a"] as [ItemID])
            #expect(motions(plan)["c"] == .still)
        }
    }

    @Test func theCausesItemIsNotMadeAMoveWhenThatWouldNeedMoreMoves() throws {
        let old = view("s: a b c d")
        let new = view("s: b c d a")
        let plan = try plan(old, new, cause: bobMoved("c"))
        #expect(plan.movedCells.map(\.id) == ["a"])
        #expect(motions(plan)["c"] == .shifted)
        #expect(plan.cells.first { $0.id == "c" }?.mover == .remote(client: "B", user: "bob"))
    }

    @Test func insertsDeletesAndReloadsKeepTheirPlaces() throws {
        let old = view("s: a b c")
        var new = view("s: a x c")
        new.sections[0].cells[2].label = "Calc"
        let plan = try plan(old, new)
        #expect(
            plan.cells == [
                CellAnimation(
                    id: "a", motion: .still, from: CellPath(section: 0, item: 0), to: CellPath(section: 0, item: 0)),
                CellAnimation(id: "x", motion: .inserted, from: nil, to: CellPath(section: 0, item: 1)),
                CellAnimation(
                    id: "c", motion: .still, from: CellPath(section: 0, item: 2), to: CellPath(section: 0, item: 2),
                    reloaded: true),
                CellAnimation(id: "b", motion: .deleted, from: CellPath(section: 0, item: 1), to: nil),
            ])
    }

    @Test func aCrossSectionMoveTravelsBetweenSections() throws {
        let old = view("s: a b c | t: d")
        let new = view("s: a c | t: b d")
        let plan = try plan(old, new, cause: bobMoved("b"))
        let moved = try #require(plan.movedCells.first)
        #expect(plan.movedCells.count == 1)
        #expect(
            moved.id == "b" && moved.from == CellPath(section: 0, item: 1) && moved.to == CellPath(section: 1, item: 0))
        #expect(motions(plan)["c"] == .shifted && motions(plan)["d"] == .shifted && motions(plan)["a"] == .still)
    }

    @Test func sectionsAnimateAsSections() throws {
        let old = view("s: a | t: b | u: c")
        var new = view("u: c | s: a | n: x")
        new.sections[1].title = "Renamed"
        let plan = try plan(old, new, cause: ChangeCause(mover: Self.bob.mover, kind: .edit, moved: ["u"]))
        #expect(
            plan.sections == [
                SectionAnimation(id: "u", motion: .moved, from: 2, to: 0, mover: Self.bob.mover, marked: true),
                SectionAnimation(id: "s", motion: .shifted, from: 0, to: 1, retitled: true),
                SectionAnimation(id: "n", motion: .inserted, from: nil, to: 2),
                SectionAnimation(id: "t", motion: .deleted, from: 1, to: nil),
            ])
        #expect(motions(plan) == ["c": .shifted, "a": .shifted, "x": .inserted, "b": .deleted])
        #expect(plan.cells.first { $0.id == "c" }?.from == CellPath(section: 2, item: 0))
    }

    @Test func aCellLeavingADeletedSectionIsDeletedThereAndInsertedElsewhere() throws {
        let old = view("s: a | t: b")
        let new = view("s: a b")
        let plan = try plan(old, new)
        #expect(plan.cells.filter { $0.id == "b" }.map(\.motion) == [.inserted, .deleted])
    }

    @Test func placeholdersOpenTravelAndCloseLikeAnyCell() throws {
        let holder = DragHolder(client: "B", user: "bob", isLocal: false)
        let resting = view("s: a b c")
        var open = resting
        open.sections[0].cells[0].holder = holder
        let opening = try plan(resting, open, cause: ChangeCause(mover: Self.bob.mover, kind: .drag, moved: ["a"]))
        #expect(opening.cells[0].placeholder == .opened && opening.cells[0].reloaded)
        #expect(opening.movedCells.isEmpty && !opening.cells[0].marked)

        var travelled = view("s: b c a")
        travelled.sections[0].cells[2].holder = holder
        let travelling = try plan(open, travelled, cause: ChangeCause(mover: Self.bob.mover, kind: .drag, moved: ["a"]))
        #expect(travelling.movedCells.map(\.id) == ["a"])
        #expect(travelling.movedCells[0].mover == Self.bob.mover && !travelling.movedCells[0].marked)

        let dropped = view("s: b c a")
        let drop = try plan(travelled, dropped, cause: bobMoved("a"))
        #expect(drop.cells[2].placeholder == .closed && drop.cells[2].motion == .still)
        #expect(drop.cells.filter(\.marked).map(\.id) == ["a"])
    }

    @Test func ownAndUnattributedChangesAreNeverMarked() throws {
        let old = view("s: a b c d")
        let new = view("s: b c d a")
        let own = try plan(old, new, cause: ChangeCause(mover: .local, kind: .edit, moved: ["a"]))
        #expect(own.movedCells.map(\.mover) == [.local])
        #expect(own.cells.filter(\.marked).isEmpty)
        let nobody = try plan(old, new)
        #expect(nobody.movedCells.map(\.mover) == [nil])
        #expect(nobody.cells.filter(\.marked).isEmpty)
    }

    @Test func aBatchThatDoesNotFitTheViewsIsRefused() {
        let old = view("s: a b")
        let new = view("s: a b c")
        #expect(throws: BatchReplayError.countMismatch("section 0: 2 cells after the batch, 3 in the new view")) {
            try AnimationPlan(old: old, batch: UpdateBatch(), new: new, cause: nil)
        }
        #expect(throws: BatchReplayError.cellPathOutOfRange(CellPath(section: 0, item: 5))) {
            try AnimationPlan(
                old: old, batch: UpdateBatch(itemDeletes: [CellPath(section: 0, item: 5)]), new: view("s: a"),
                cause: nil)
        }
    }
}
