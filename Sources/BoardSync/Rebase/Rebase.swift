/// Rebasing (protocol 4.1): carries an operation made against an older state through operations
/// committed since, so that it means the same thing on the newer state. The server sequencer, the
/// client's pending operations and the drag placeholders all use these functions.
public enum Rebase {
    /// Rebases `op` through one `committed` operation. Returns nil when `op` became a no-op (rule 5).
    ///
    /// `opIsNewer` is true in the server's sense: `committed` was committed first, wins contested
    /// insert slots, and `op` wins over it when both move, update or rename the same element. A
    /// client carrying a remote operation past its own pending ones (to keep the later pending
    /// ones, its drag and its undo history positioned) passes false. That direction is only an
    /// estimate: when one side deletes a section the other moves an item into or out of, no
    /// single operation reproduces the server's outcome. Clients therefore always rebuild their
    /// optimistic board from the committed board plus their pending operations, never by
    /// applying a carried operation.
    ///
    /// An `update` of an item inside a section that `committed` deletes is returned unchanged
    /// (nothing here says where the item was); checking it against the new state makes it a no-op.
    /// Kept out of line: every rebase of a chain, a placeholder and the undo history calls it, and
    /// the WebAssembly module would carry its body at each (11 KB).
    @inline(never)
    public static func rebase(_ op: Op, through committed: Op, opIsNewer: Bool = true) -> Op? {
        if let outcome = sameElement(op, committed, opIsNewer: opIsNewer) { return outcome.op }
        var tracked = positions(of: op)
        for edit in ListEdit.edits(of: committed) {
            tracked.carry(through: edit, committedWinsTies: opIsNewer)
        }
        return op.with(tracked)
    }

    /// Rebases a chain of operations, each made against the state the ones before it leave,
    /// through one `committed` operation, the way a client carries its pending operations and
    /// the server a group (protocol 10.1): each member through the committed operation as the
    /// members before it carried it. A member that became a no-op stays as it was, for the state
    /// it meets to decide (its element may be gone, or brought back by an earlier member).
    /// Returns the committed operation as it acts after the whole chain; nil when the chain made
    /// it a no-op.
    public static func rebase(chain: inout [Op], through committed: Op) -> Op? {
        var carried: Op? = committed
        for index in chain.indices {
            guard let remote = carried else { break }
            let local = chain[index]
            chain[index] = rebase(local, through: remote) ?? local
            carried = rebase(remote, through: local, opIsNewer: false)
        }
        return carried
    }

    /// Rebases `op` through committed operations in commit order; nil once it became a no-op.
    public static func rebase(_ op: Op, through committed: some Sequence<Op>) -> Op? {
        var current = op
        for next in committed {
            guard let rebased = rebase(current, through: next) else { return nil }
            current = rebased
        }
        return current
    }

    /// The result of a committed operation that acts on the same element as `op`, or on a
    /// section `op` needs; nil when the general list-edit rules apply.
    private struct Outcome {
        var op: Op?
    }

    private static func sameElement(_ op: Op, _ committed: Op, opIsNewer: Bool) -> Outcome? {
        switch committed {
        case .delete(let item, _):
            if op.itemID == item, !isInsert(op) { return Outcome(op: nil) }
        case .deleteSection(let section, _):
            if op.sectionID == section, !isInsertSection(op) { return Outcome(op: nil) }
            if sectionsNeeded(by: op).contains(section) { return Outcome(op: nil) }
        case .move(let item, _, let to):
            guard op.itemID == item, !isInsert(op) else { break }
            switch op {
            case .move(_, _, let target):
                return Outcome(op: opIsNewer ? .move(item: item, from: to, to: target) : nil)
            case .delete:
                return Outcome(op: .delete(item: item, from: to))
            default:
                return Outcome(op: op)
            }
        case .update(let item, _):
            if case .update(item, _) = op { return Outcome(op: opIsNewer ? op : nil) }
        case .moveSection(let section, _, let index):
            guard op.sectionID == section, !isInsertSection(op) else { break }
            switch op {
            case .moveSection(_, _, let target):
                return Outcome(op: opIsNewer ? .moveSection(section: section, from: index, index: target) : nil)
            case .deleteSection:
                return Outcome(op: .deleteSection(section: section, from: index))
            default:
                return Outcome(op: op)
            }
        case .renameSection(let section, _):
            if case .renameSection(section, _) = op { return Outcome(op: opIsNewer ? op : nil) }
        case .insert, .insertSection:
            break
        }
        return nil
    }

    private static func isInsert(_ op: Op) -> Bool {
        if case .insert = op { return true }
        return false
    }

    private static func isInsertSection(_ op: Op) -> Bool {
        if case .insertSection = op { return true }
        return false
    }

    /// The sections an item operation needs to exist: where its item is and where it goes.
    private static func sectionsNeeded(by op: Op) -> [SectionID] {
        switch op {
        case .insert(_, let to): [to.section]
        case .move(_, let from, let to): [from.section, to.section]
        case .delete(_, let from): [from.section]
        default: []
        }
    }

    private static func positions(of op: Op) -> TrackedPositions {
        switch op {
        case .insert(_, let to):
            TrackedPositions(from: nil, gap: (.items(to.section), to.index))
        case .move(_, let from, let to):
            TrackedPositions(from: (.items(from.section), from.index), gap: (.items(to.section), to.index))
        case .delete(_, let from):
            TrackedPositions(from: (.items(from.section), from.index), gap: nil)
        case .insertSection(_, let index):
            TrackedPositions(from: nil, gap: (.sections, index))
        case .moveSection(_, let from, let index):
            TrackedPositions(from: (.sections, from), gap: (.sections, index))
        case .deleteSection(_, let from):
            TrackedPositions(from: (.sections, from), gap: nil)
        case .update, .renameSection:
            TrackedPositions(from: nil, gap: nil)
        }
    }
}

extension Op {
    /// The same operation with its positions replaced by `tracked`.
    fileprivate func with(_ tracked: TrackedPositions) -> Op {
        switch self {
        case .insert(let item, let to):
            .insert(item: item, to: Position(section: to.section, index: tracked.gap!.index))
        case .move(let item, let from, let to):
            .move(
                item: item, from: Position(section: from.section, index: tracked.from!.index),
                to: Position(section: to.section, index: tracked.gap!.index))
        case .delete(let item, let from):
            .delete(item: item, from: Position(section: from.section, index: tracked.from!.index))
        case .insertSection(let header, _):
            .insertSection(section: header, index: tracked.gap!.index)
        case .moveSection(let section, _, _):
            .moveSection(section: section, from: tracked.from!.index, index: tracked.gap!.index)
        case .deleteSection(let section, _):
            .deleteSection(section: section, from: tracked.from!.index)
        case .update, .renameSection:
            self
        }
    }
}
