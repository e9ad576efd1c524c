extension ClientMachine {
    /// Recomputes the optimistic board from the committed board and the pending chain, repairing
    /// queued edits whose positions went stale, then the view and the batch that reaches it. The
    /// event sets `output.cause` before; it is cleared when the view did not change.
    mutating func refresh(into output: inout ClientOutput) {
        guard let committed else { return }
        var state = committed
        if let flight = chain.inFlight { _ = state.apply(flight.change, limits: .default) }
        var kept: [PendingChange] = []
        kept.reserveCapacity(chain.queued.count)
        for var change in chain.queued {
            switch state.apply(change, limits: limits) {
            case .success(let applied):
                guard !applied.isEmpty else { continue }
                change.ops = applied
                kept.append(change)
            case .failure(let error):
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
    mutating func makeView(on state: BoardState) -> BoardView {
        var sections = plainSections(of: state.board)
        var placements: [(item: ItemID, to: Position?, holder: DragHolder)] = []
        for (item, drag) in Array(remoteDrags).stablySorted(by: { $0.key < $1.key }) {
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

    /// The board's sections as view sections without placeholders. A section whose items are
    /// the very array (the same storage) its view section was made from last time, under the same
    /// title, gets that view section back, sharing its cells: on a long board an event changes a
    /// section or two, and the views, their batch and the answers compare the others in one step
    /// each instead of cell by cell.
    private mutating func plainSections(of board: Board) -> [ViewSection] {
        var sources: [ViewSource] = []
        sources.reserveCapacity(board.sections.count)
        var sections: [ViewSection] = []
        sections.reserveCapacity(board.sections.count)
        for (index, section) in board.sections.enumerated() {
            let plain = knownPlainSection(section, near: index) ?? ViewSection(section: section)
            sources.append(ViewSource(items: section.items, plain: plain))
            sections.append(plain)
        }
        viewSources = sources
        return sections
    }

    /// The view section made last time from `section`'s very items under its title: looked for at
    /// the same index first (sections rarely move), then among all.
    private func knownPlainSection(_ section: Section, near index: Int) -> ViewSection? {
        func matches(_ known: ViewSource) -> Bool {
            known.plain.id == section.id && known.items.sharesStorage(with: section.items)
                && ExactText.same(known.plain.title, section.title)
        }
        if index < viewSources.count, matches(viewSources[index]) { return viewSources[index].plain }
        return viewSources.first(where: matches)?.plain
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
