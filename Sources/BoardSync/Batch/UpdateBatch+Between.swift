extension UpdateBatch {
    /// The minimal batch that turns `old` into `new`.
    ///
    /// Sections are matched by id; kept sections whose relative order changed (kept sections
    /// minus a longest increasing subsequence) are moves. Inside each section present in both
    /// views the cells are diffed the same way; a cell found in another kept section of the new
    /// view is always a move. Costs O(n log n) in the number of cells; sections whose cells are
    /// unchanged cost one comparison, and a shared prefix and suffix of cells is skipped without
    /// hashing.
    public static func between(old: BoardView, new: BoardView) -> UpdateBatch {
        var batch = UpdateBatch()
        let oldSections = old.sections
        let newSections = new.sections
        var sectionTarget = [Int](repeating: -1, count: oldSections.count)
        var sectionMoved = [Bool](repeating: false, count: oldSections.count)
        ListMatching(old: ViewIDs(sections: oldSections), new: ViewIDs(sections: newSections)).forEach(
            stationary: { sectionTarget[$0] = $1 },
            moved: { from, to in
                sectionTarget[from] = to
                sectionMoved[from] = true
                batch.sectionMoves.append(IndexMove(from: from, to: to))
            },
            deleted: { batch.sectionDeletes.append($0) },
            inserted: { batch.sectionInserts.append($0) }
        )

        var departures = Departures()
        var arrivals: [(id: ItemID, path: CellPath)] = []
        for (oldIndex, newIndex) in sectionTarget.enumerated() where newIndex >= 0 {
            let oldSection = oldSections[oldIndex]
            let newSection = newSections[newIndex]
            if !ExactText.same(oldSection.title, newSection.title) {
                if sectionMoved[oldIndex] {
                    batch.movedSectionReloads.append(newIndex)
                } else {
                    batch.sectionReloads.append(oldIndex)
                }
            }
            let oldCells = oldSection.cells
            let newCells = newSection.cells
            if oldCells == newCells { continue }
            ListMatching(old: ViewIDs(cells: oldCells), new: ViewIDs(cells: newCells)).forEach(
                stationary: { from, to in
                    if oldCells[from].hasDifferentContent(from: newCells[to]) {
                        batch.itemReloads.append(CellPath(section: oldIndex, item: from))
                    }
                },
                moved: { from, to in
                    let target = CellPath(section: newIndex, item: to)
                    batch.itemMoves.append(CellMove(from: CellPath(section: oldIndex, item: from), to: target))
                    if oldCells[from].hasDifferentContent(from: newCells[to]) {
                        batch.movedItemReloads.append(target)
                    }
                },
                deleted: { departures.add(id: oldCells[$0].id, from: CellPath(section: oldIndex, item: $0)) },
                inserted: { arrivals.append((newCells[$0].id, CellPath(section: newIndex, item: $0))) }
            )
        }

        arrivals = arrivals.stablySorted { $0.path < $1.path }
        for arrival in arrivals {
            guard let from = departures.take(id: arrival.id) else {
                batch.itemInserts.append(arrival.path)
                continue
            }
            batch.itemMoves.append(CellMove(from: from, to: arrival.path))
            let before = oldSections[from.section].cells[from.item]
            let after = newSections[arrival.path.section].cells[arrival.path.item]
            if before.hasDifferentContent(from: after) {
                batch.movedItemReloads.append(arrival.path)
            }
        }
        batch.itemDeletes = departures.remaining()
        batch.itemMoves = batch.itemMoves.stablySorted { $0.from < $1.from }
        batch.itemReloads = batch.itemReloads.stablySorted()
        batch.movedItemReloads = batch.movedItemReloads.stablySorted()
        return batch
    }
}

/// Cells that left a kept section, by id, so that an arrival in another kept section can be
/// recognised as a move. Built only when some cell leaves a section.
private struct Departures {
    private var paths: [CellPath] = []
    private var taken: [Bool] = []
    private var indexByID: [ItemID: Int] = [:]

    mutating func add(id: ItemID, from path: CellPath) {
        indexByID[id] = paths.count
        paths.append(path)
        taken.append(false)
    }

    /// The old path of the departed cell `id`, claimed so that it is no longer a delete.
    mutating func take(id: ItemID) -> CellPath? {
        guard let index = indexByID[id], !taken[index] else { return nil }
        taken[index] = true
        return paths[index]
    }

    /// Old paths of the departures nobody claimed, ascending.
    func remaining() -> [CellPath] {
        var result: [CellPath] = []
        for (index, path) in paths.enumerated() where !taken[index] { result.append(path) }
        return result.stablySorted()
    }
}
