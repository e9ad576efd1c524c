/// Builds an `AnimationPlan` from a batch: lays out which old entry fills every new slot the way
/// `performBatchUpdates` does (`ListArrangement`), then says for every entry what it does.
struct AnimationPlanBuilder {
    let old: BoardView
    let batch: UpdateBatch
    let new: BoardView
    let cause: ChangeCause?
    /// The ids the cause moved: a handful at most, so a list searched in order.
    let namedByCause: [String]
    private(set) var sections: [SectionAnimation] = []
    private(set) var cells: [CellAnimation] = []

    init(old: BoardView, batch: UpdateBatch, new: BoardView, cause: ChangeCause?) {
        self.old = old
        self.batch = batch
        self.new = new
        self.cause = cause
        namedByCause = cause?.moved ?? []
    }

    mutating func build() throws(BatchReplayError) {
        let origins = try planSections()
        try planCells(sectionOrigins: origins)
    }

    /// Plans the sections and returns, for every new section, the old index it comes from (nil
    /// for inserted sections).
    private mutating func planSections() throws(BatchReplayError) -> [Int?] {
        var removed = batch.sectionDeletes
        var placed = batch.sectionInserts
        var movedFrom: [Int: Int] = [:]
        for move in batch.sectionMoves {
            removed.append(move.from)
            placed.append(move.to)
            movedFrom[move.to] = move.from
        }
        var slots: [Int?]
        switch ListArrangement.arrange(oldCount: old.sections.count, removed: removed, placed: placed) {
        case .success(let result): slots = result
        case .failure(.outOfRange(let index)): throw .sectionIndexOutOfRange(index)
        case .failure(.repeated(let index)): throw .sectionIndexRepeated(index)
        }
        guard slots.count == new.sections.count else {
            throw .countMismatch("\(slots.count) sections after the batch, \(new.sections.count) in the new view")
        }
        if !namedByCause.isEmpty {
            EquivalentMoves.preferMoving(
                named: { namedByCause.contains(new.sections[$0].id.rawValue) }, slots: &slots, moves: &movedFrom)
        }
        // A board has a few sections, so their reloads are looked up in the batch's own lists.
        let reloads = batch.sectionReloads
        let movedReloads = batch.movedSectionReloads
        var origins: [Int?] = []
        origins.reserveCapacity(slots.count)
        for (index, section) in new.sections.enumerated() {
            let origin = slots[index] ?? movedFrom[index]
            let motion: Motion
            if let stays = slots[index] {
                motion = stays == index ? .still : .shifted
            } else {
                motion = origin == nil ? .inserted : .moved
            }
            let retitled = origin.map { reloads.contains($0) } == true || movedReloads.contains(index)
            let (mover, marked) = attribution(of: section.id.rawValue, motion: motion, isPlaceholder: false)
            sections.append(
                SectionAnimation(
                    id: section.id, motion: motion, from: origin, to: index, retitled: retitled, mover: mover,
                    marked: marked))
            origins.append(origin)
        }
        for index in batch.sectionDeletes.stablySorted() {
            sections.append(SectionAnimation(id: old.sections[index].id, motion: .deleted, from: index, to: nil))
        }
        return origins
    }

    private mutating func planCells(sectionOrigins: [Int?]) throws(BatchReplayError) {
        var removedByOldSection = IndicesBySection(count: old.sections.count)
        var placedByNewSection = IndicesBySection(count: new.sections.count)
        var movedFrom: [CellPath: CellPath] = [:]
        for path in batch.itemDeletes { removedByOldSection.append(path.item, to: path.section) }
        for path in batch.itemInserts { placedByNewSection.append(path.item, to: path.section) }
        for move in batch.itemMoves {
            removedByOldSection.append(move.from.item, to: move.from.section)
            placedByNewSection.append(move.to.item, to: move.to.section)
            movedFrom[move.to] = move.from
        }
        // The reloaded cells by section: a batch reloads few cells, if any, so each section's are
        // searched in order (and no lists are made when there are none).
        var reloads = IndicesBySection(count: batch.itemReloads.isEmpty ? 0 : old.sections.count)
        for path in batch.itemReloads { reloads.append(path.item, to: path.section) }
        var movedReloads = IndicesBySection(count: batch.movedItemReloads.isEmpty ? 0 : new.sections.count)
        for path in batch.movedItemReloads { movedReloads.append(path.item, to: path.section) }
        cells.reserveCapacity(new.cellCount + batch.itemDeletes.count)
        for (sectionIndex, section) in new.sections.enumerated() {
            guard let oldSectionIndex = sectionOrigins[sectionIndex] else {
                for (index, cell) in section.cells.enumerated() {
                    cells.append(
                        CellAnimation(
                            id: cell.id, motion: .inserted, from: nil, to: CellPath(section: sectionIndex, item: index))
                    )
                }
                continue
            }
            var slots = try arrangeCells(
                oldSection: oldSectionIndex, newSection: sectionIndex,
                removed: removedByOldSection[oldSectionIndex], placed: placedByNewSection[sectionIndex])
            preferNamedMoves(
                oldSection: oldSectionIndex, newSection: sectionIndex, slots: &slots, movedFrom: &movedFrom)
            let movedReloaded = movedReloads[sectionIndex]
            for (index, cell) in section.cells.enumerated() {
                let to = CellPath(section: sectionIndex, item: index)
                let from = slots[index].map { CellPath(section: oldSectionIndex, item: $0) } ?? movedFrom[to]
                let motion: Motion
                if slots[index] != nil {
                    motion = from == to ? .still : .shifted
                } else {
                    motion = from == nil ? .inserted : .moved
                }
                var reloaded = !movedReloaded.isEmpty && movedReloaded.contains(index)
                var placeholder = PlaceholderChange.none
                if let from {
                    reloaded = reloaded || (!batch.itemReloads.isEmpty && reloads[from.section].contains(from.item))
                    let before = old.sections[from.section].cells[from.item]
                    if before.holder == nil, cell.holder != nil { placeholder = .opened }
                    if before.holder != nil, cell.holder == nil { placeholder = .closed }
                }
                let (mover, marked) = attribution(
                    of: cell.id.rawValue, motion: motion, isPlaceholder: cell.holder != nil)
                cells.append(
                    CellAnimation(
                        id: cell.id, motion: motion, from: from, to: to, reloaded: reloaded, placeholder: placeholder,
                        mover: mover, marked: marked))
            }
        }
        var deleted = batch.itemDeletes
        for index in batch.sectionDeletes {
            for item in old.sections[index].cells.indices { deleted.append(CellPath(section: index, item: item)) }
        }
        for path in deleted.stablySorted() {
            cells.append(
                CellAnimation(
                    id: old.sections[path.section].cells[path.item].id, motion: .deleted, from: path, to: nil))
        }
    }

    /// For each new slot of a kept section, the old index of the cell staying in it (nil where
    /// a cell is inserted or moved in).
    private func arrangeCells(
        oldSection: Int, newSection: Int, removed: [Int], placed: [Int]
    ) throws(BatchReplayError) -> [Int?] {
        let oldCount = old.sections[oldSection].cells.count
        let newCount = new.sections[newSection].cells.count
        var slots: [Int?] = []
        if removed.isEmpty && placed.isEmpty {
            slots.reserveCapacity(oldCount)
            for index in 0..<oldCount { slots.append(index) }
        } else {
            switch ListArrangement.arrange(oldCount: oldCount, removed: removed, placed: placed) {
            case .success(let result): slots = result
            case .failure(.outOfRange(let index)):
                throw .cellPathOutOfRange(CellPath(section: newSection, item: index))
            case .failure(.repeated(let index)):
                throw .cellPathRepeated(CellPath(section: newSection, item: index))
            }
        }
        guard slots.count == newCount else {
            throw .countMismatch(
                "section \(newSection): \(slots.count) cells after the batch, \(newCount) in the new view")
        }
        return slots
    }

    /// Names the cells the cause moved as the moves, where the batch named an equivalent
    /// neighbour instead (only moves within the same section pair can be exchanged).
    private func preferNamedMoves(
        oldSection: Int, newSection: Int, slots: inout [Int?], movedFrom: inout [CellPath: CellPath]
    ) {
        guard !namedByCause.isEmpty else { return }
        var withinPair: [Int: Int] = [:]
        for (to, from) in movedFrom where to.section == newSection && from.section == oldSection {
            withinPair[to.item] = from.item
        }
        guard !withinPair.isEmpty else { return }
        for item in withinPair.keys { movedFrom[CellPath(section: newSection, item: item)] = nil }
        let cells = new.sections[newSection].cells
        EquivalentMoves.preferMoving(
            named: { namedByCause.contains(cells[$0].id.rawValue) }, slots: &slots, moves: &withinPair)
        for (item, origin) in withinPair {
            movedFrom[CellPath(section: newSection, item: item)] = CellPath(section: oldSection, item: origin)
        }
    }

    /// Who to show as having put an entry in place, and whether to keep it marked: a move, or an
    /// entry the cause names, belongs to the cause's mover; another person's edit marks it
    /// (placeholders carry their holder's colour already).
    private func attribution(of id: String, motion: Motion, isPlaceholder: Bool) -> (Mover?, Bool) {
        guard let cause, motion == .moved || (namedByCause.contains(id) && motion != .inserted) else {
            return (nil, false)
        }
        return (cause.mover, cause.kind == .edit && cause.mover.isRemote && !isPlaceholder)
    }
}
