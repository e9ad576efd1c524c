extension ClientMachine {
    /// Recomputes the optimistic board from the committed board and the pending chain, repairing
    /// queued edits whose positions went stale, then the view and the batch that reaches it. The
    /// event sets `output.cause` before; it is cleared when the view did not change.
    mutating func refresh(into output: inout ClientOutput) {
        guard let committed else { return }
        var state = committed
        if let op = chain.inFlight?.op, let fixed = state.repaired(op), state.check(fixed) == .apply {
            state.commit(fixed)
        }
        var kept: [Op] = []
        kept.reserveCapacity(chain.queued.count)
        for op in chain.queued {
            guard let fixed = state.repaired(op) else { continue }
            switch state.check(fixed, limits: limits) {
            case .apply:
                state.commit(fixed)
                kept.append(fixed)
            case .noop:
                continue
            case .refused(let error):
                output.notices.append(.invalidEdit(error))
            }
        }
        chain.queued = kept
        optimistic = state
        fitLocalDrag(on: state, into: &output)
        cancelVoidDrops(into: &output)
        let next = makeView(on: state)
        if next != view {
            output.batch = UpdateBatch.between(old: view, new: next)
            view = next
        }
        if output.batch == nil { output.cause = nil }
    }

    /// Keeps the local drag's placeholder valid on the optimistic board: back on the item when
    /// its section is gone, its index clamped into range. The drag ends when the item is gone;
    /// the server is told, since it may still hold the drag (the item can be gone only from
    /// the optimistic board, by a pending edit that is yet to be committed or may become void).
    private mutating func fitLocalDrag(on state: BoardState, into output: inout ClientOutput) {
        guard var drag = localDrag else { return }
        guard let here = state.position(ofItem: drag.item) else {
            localDrag = nil
            if phase == .live { output.send.append(.drag(.cancel(item: drag.item))) }
            return
        }
        if var count = state.itemCount(inSection: drag.to.section) {
            if here.section == drag.to.section { count -= 1 }
            drag.to.index = min(max(drag.to.index, 0), max(count, 0))
        } else {
            drag.to = here
        }
        localDrag = drag
    }

    /// The optimistic board with every drag shown as a placeholder cell labelled with its holder,
    /// at the drag's position (where the item was, until the holder's first `over`).
    func makeView(on state: BoardState) -> BoardView {
        var sections = state.board.sections.map(ViewSection.init(section:))
        var placements: [(item: ItemID, to: Position?, holder: DragHolder)] = []
        for (item, drag) in remoteDrags.sorted(by: { $0.key < $1.key }) {
            let holder = DragHolder(client: drag.client, user: drag.user, isLocal: false)
            placements.append((item, drag.to.flatMap { optimisticPosition(of: item, to: $0) }, holder))
        }
        if let drag = localDrag {
            placements.append((drag.item, drag.to, DragHolder(client: clientID, user: user, isLocal: true)))
        }
        for placement in placements {
            guard let s = sections.firstIndex(where: { $0.cells.contains { $0.id == placement.item } }),
                let c = sections[s].cells.firstIndex(where: { $0.id == placement.item })
            else { continue }
            var cell = sections[s].cells[c]
            cell.holder = placement.holder
            guard let to = placement.to, let target = sections.firstIndex(where: { $0.id == to.section }) else {
                sections[s].cells[c] = cell
                continue
            }
            sections[s].cells.remove(at: c)
            let index = min(max(to.index, 0), sections[target].cells.count)
            sections[target].cells.insert(cell, at: index)
        }
        return BoardView(sections: sections)
    }

    /// A remote placeholder position (relative to the committed board) carried through this
    /// client's unacknowledged edits.
    private func optimisticPosition(of item: ItemID, to: Position) -> Position? {
        guard let from = committed?.position(ofItem: item) else { return nil }
        var placement: Op? = .move(item: item, from: from, to: to)
        for op in chain.ops {
            placement = placement.flatMap { Rebase.rebase($0, through: op) }
        }
        if case .move(_, _, let target)? = placement { return target }
        return nil
    }
}
