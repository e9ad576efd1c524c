/// Where a block of held tiles would land (protocol 10.2): a gap in one section's list counted
/// without any of the held tiles, rebased through committed ops like a single drag's gap (rule
/// 2: an insert at or before it pushes it on, the op committed first keeping the contested slot;
/// a remove before it pulls it back), in that list without the held tiles: what committed ops do
/// to held tiles does not move the gap.
public enum BlockGap {
    /// `to` carried through `op`, which acts on a board where `to.section` holds `items` (in
    /// order, held tiles included); nil when the section is gone.
    public static func rebase(_ to: Position, holding held: [ItemID], through op: Op, items: [ItemID]) -> Position? {
        if case .deleteSection(let section, _) = op, section == to.section { return nil }
        var list = items
        var gap = to.index
        for edit in edits(of: op, in: to.section) {
            if edit.isInsert {
                let index = min(max(edit.index, 0), list.count)
                list.insert(edit.element, at: index)
                guard !held.contains(edit.element) else { continue }
                if others(before: index, in: list, held: held) <= gap { gap += 1 }
            } else {
                guard list.indices.contains(edit.index) else { continue }
                let element = list.remove(at: edit.index)
                guard !held.contains(element) else { continue }
                if others(before: edit.index, in: list, held: held) < gap { gap -= 1 }
            }
        }
        return Position(section: to.section, index: gap)
    }

    /// The section's list at an earlier version: `items` now with `ops` (committed since, in
    /// order) undone; nil when they do not fit it (or the section did not exist then).
    public static func list(
        of section: SectionID, now items: [ItemID], before ops: some BidirectionalCollection<Op>
    )
        -> [ItemID]?
    {
        var list = items
        for op in ops.reversed() {
            if case .insertSection(let header, _) = op, header.id == section { return nil }
            for edit in edits(of: op, in: section).reversed() {
                if edit.isInsert {
                    guard list.indices.contains(edit.index), list[edit.index] == edit.element else { return nil }
                    list.remove(at: edit.index)
                } else {
                    guard edit.index <= list.count else { return nil }
                    list.insert(edit.element, at: edit.index)
                }
            }
        }
        return list
    }

    /// The section's list after `op`.
    public static func advance(_ items: [ItemID], of section: SectionID, through op: Op) -> [ItemID] {
        var list = items
        for edit in edits(of: op, in: section) {
            if edit.isInsert {
                list.insert(edit.element, at: min(max(edit.index, 0), list.count))
            } else if list.indices.contains(edit.index) {
                list.remove(at: edit.index)
            }
        }
        return list
    }

    /// How many tiles before `index` of `list` are not held.
    private static func others(before index: Int, in list: [ItemID], held: [ItemID]) -> Int {
        var count = 0
        for element in list[..<index] where !held.contains(element) { count += 1 }
        return count
    }

    /// An insert or remove of one tile in one section's list.
    private struct Edit {
        var index: Int
        var element: ItemID
        var isInsert: Bool
    }

    /// The edits `op` makes to `section`'s list of tiles, in order.
    private static func edits(of op: Op, in section: SectionID) -> [Edit] {
        switch op {
        case .insert(let item, let to) where to.section == section:
            return [Edit(index: to.index, element: item.id, isInsert: true)]
        case .delete(let item, let from) where from.section == section:
            return [Edit(index: from.index, element: item, isInsert: false)]
        case .move(let item, let from, let to):
            var edits: [Edit] = []
            if from.section == section { edits.append(Edit(index: from.index, element: item, isInsert: false)) }
            if to.section == section { edits.append(Edit(index: to.index, element: item, isInsert: true)) }
            return edits
        default:
            return []
        }
    }
}
