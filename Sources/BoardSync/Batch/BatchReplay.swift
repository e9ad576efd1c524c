/// Carries out an `UpdateBatch` on an old view the way `performBatchUpdates` does, taking the
/// content UIKit would ask the data source for from the new view: whole inserted sections and
/// cells, and the new title or cell content of reloaded entries. Everything else keeps its OLD
/// content, so a change the batch forgot to list shows up as a difference from the new view.
///
/// Rules: deleted and moved-from entries leave by old index; inserted and moved-to entries take
/// their new index; the remaining slots are filled with the stationary survivors in old order.
/// Sections first, then the cells of every kept section.
public enum BatchReplay {
    /// The view `old` becomes under `batch`; equal to `new` exactly when the batch is right.
    public static func apply(
        _ batch: UpdateBatch, to old: BoardView, contentFrom new: BoardView
    ) throws(BatchReplayError) -> BoardView {
        let sectionSlots = try arrangeSections(batch, old: old, newCount: new.sections.count)
        var oldSectionDestination = [Int](repeating: -1, count: old.sections.count)
        var sectionIsInserted = [Bool](repeating: true, count: sectionSlots.count)
        for (slot, origin) in sectionSlots.enumerated() {
            guard let origin else { continue }
            oldSectionDestination[origin.index] = slot
            sectionIsInserted[slot] = false
        }
        for index in batch.sectionInserts { sectionIsInserted[index] = true }

        var removedByOldSection = IndicesBySection(count: old.sections.count)
        var placedByNewSection = IndicesBySection(count: sectionSlots.count)
        var movedSourceByTarget = [CellPath: CellPath]()
        var claimedOld = Set<CellPath>()
        func claimOld(_ path: CellPath) throws(BatchReplayError) {
            guard path.section >= 0, path.section < old.sections.count else {
                throw .sectionIndexOutOfRange(path.section)
            }
            guard oldSectionDestination[path.section] >= 0 else { throw .cellInDeletedSection(path) }
            guard path.item >= 0, path.item < old.sections[path.section].cells.count else {
                throw .cellPathOutOfRange(path)
            }
            guard claimedOld.insert(path).inserted else { throw .cellPathRepeated(path) }
        }
        func checkNewSection(_ path: CellPath) throws(BatchReplayError) {
            guard path.section >= 0, path.section < sectionSlots.count else {
                throw .sectionIndexOutOfRange(path.section)
            }
            guard !sectionIsInserted[path.section] else { throw .cellInInsertedSection(path) }
        }
        for path in batch.itemDeletes {
            try claimOld(path)
            removedByOldSection.append(path.item, to: path.section)
        }
        for move in batch.itemMoves {
            try claimOld(move.from)
            try checkNewSection(move.to)
            removedByOldSection.append(move.from.item, to: move.from.section)
            placedByNewSection.append(move.to.item, to: move.to.section)
            movedSourceByTarget[move.to] = move.from
        }
        for path in batch.itemInserts {
            try checkNewSection(path)
            placedByNewSection.append(path.item, to: path.section)
        }
        for path in batch.itemReloads { try claimOld(path) }

        var sections: [ViewSection] = []
        sections.reserveCapacity(sectionSlots.count)
        for (slot, origin) in sectionSlots.enumerated() {
            guard let origin else {
                sections.append(new.sections[slot])
                continue
            }
            var section = old.sections[origin.index]
            section.cells = try arrangeCells(
                oldSectionIndex: origin.index, newSectionIndex: slot, old: old, new: new,
                removed: removedByOldSection[origin.index], placed: placedByNewSection[slot],
                movedSourceByTarget: movedSourceByTarget, reloads: batch)
            sections.append(section)
        }
        try applySectionReloads(batch, slots: sectionSlots, to: &sections, new: new)
        try applyMovedCellReloads(batch, movedSourceByTarget: movedSourceByTarget, to: &sections, new: new)
        return BoardView(sections: sections)
    }

    /// Where each new section comes from: nil for inserted, else the old index and whether it moved.
    private static func arrangeSections(
        _ batch: UpdateBatch, old: BoardView, newCount: Int
    ) throws(BatchReplayError) -> [(index: Int, moved: Bool)?] {
        let removed = batch.sectionDeletes + batch.sectionMoves.map { $0.from }
        let placed = batch.sectionInserts + batch.sectionMoves.map { $0.to }
        let slots: [Int?]
        switch ListArrangement.arrange(oldCount: old.sections.count, removed: removed, placed: placed) {
        case .success(let result): slots = result
        case .failure(.outOfRange(let index)): throw .sectionIndexOutOfRange(index)
        case .failure(.repeated(let index)): throw .sectionIndexRepeated(index)
        }
        guard slots.count == newCount else {
            throw .countMismatch("\(slots.count) sections after the batch, \(newCount) in the new view")
        }
        var result: [(index: Int, moved: Bool)?] = slots.map { $0.map { ($0, false) } }
        for move in batch.sectionMoves { result[move.to] = (move.from, true) }
        return result
    }

    private static func arrangeCells(
        oldSectionIndex: Int, newSectionIndex: Int, old: BoardView, new: BoardView,
        removed: [Int], placed: [Int], movedSourceByTarget: [CellPath: CellPath], reloads batch: UpdateBatch
    ) throws(BatchReplayError) -> [ViewCell] {
        let oldCells = old.sections[oldSectionIndex].cells
        let newCells = new.sections[newSectionIndex].cells
        let slots: [Int?]
        switch ListArrangement.arrange(oldCount: oldCells.count, removed: removed, placed: placed) {
        case .success(let result): slots = result
        case .failure(.outOfRange(let index)):
            throw .cellPathOutOfRange(CellPath(section: newSectionIndex, item: index))
        case .failure(.repeated(let index)):
            throw .cellPathRepeated(CellPath(section: newSectionIndex, item: index))
        }
        guard slots.count == newCells.count else {
            throw .countMismatch(
                "section \(newSectionIndex): \(slots.count) cells after the batch, \(newCells.count) in the new view")
        }
        // Which old cells of the section the batch reloads, by index (none: no list at all).
        var reloaded: [Bool] = []
        if !batch.itemReloads.isEmpty {
            reloaded = Array(repeating: false, count: oldCells.count)
            for path in batch.itemReloads where path.section == oldSectionIndex && reloaded.indices.contains(path.item)
            {
                reloaded[path.item] = true
            }
        }
        var cells: [ViewCell] = []
        cells.reserveCapacity(slots.count)
        for (slot, origin) in slots.enumerated() {
            let target = CellPath(section: newSectionIndex, item: slot)
            if let origin {
                var cell = oldCells[origin]
                if !reloaded.isEmpty && reloaded[origin] {
                    cell.label = newCells[slot].label
                    cell.holder = newCells[slot].holder
                }
                cells.append(cell)
            } else if let source = movedSourceByTarget[target] {
                cells.append(old.sections[source.section].cells[source.item])
            } else {
                cells.append(newCells[slot])
            }
        }
        return cells
    }

    private static func applySectionReloads(
        _ batch: UpdateBatch, slots: [(index: Int, moved: Bool)?], to sections: inout [ViewSection], new: BoardView
    ) throws(BatchReplayError) {
        var stationaryDestination = [Int: Int]()
        for (slot, origin) in slots.enumerated() {
            if let origin, !origin.moved { stationaryDestination[origin.index] = slot }
        }
        var seen = Set<Int>()
        for index in batch.sectionReloads {
            guard let slot = stationaryDestination[index], seen.insert(index).inserted else {
                throw .reloadOfWrongEntry("section reload of old index \(index)")
            }
            sections[slot].title = new.sections[slot].title
        }
        seen.removeAll()
        for slot in batch.movedSectionReloads {
            guard slot >= 0, slot < slots.count, slots[slot]?.moved == true, seen.insert(slot).inserted else {
                throw .reloadOfWrongEntry("moved section reload of new index \(slot)")
            }
            sections[slot].title = new.sections[slot].title
        }
    }

    private static func applyMovedCellReloads(
        _ batch: UpdateBatch, movedSourceByTarget: [CellPath: CellPath], to sections: inout [ViewSection],
        new: BoardView
    ) throws(BatchReplayError) {
        var seen = Set<CellPath>()
        for path in batch.movedItemReloads {
            guard movedSourceByTarget[path] != nil, seen.insert(path).inserted else {
                throw .reloadOfWrongEntry("moved cell reload at \(path)")
            }
            let fresh = new.sections[path.section].cells[path.item]
            sections[path.section].cells[path.item].label = fresh.label
            sections[path.section].cells[path.item].holder = fresh.holder
        }
    }
}
