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
        if let items = drag.items {
            // A held item gone from the board the person sees that others' deletes did not take
            // out of the block: this person's own edit deleted it, which ends the block.
            guard items.allSatisfy({ state.isLive(item: $0) }) else {
                localDrag = nil
                if phase == .live { output.send.append(.drag(.cancelBlock(items: items))) }
                return
            }
            if let section = state.board.index(ofSection: drag.to.section) {
                var count = 0
                for item in state.board.sections[section].items where !items.contains(item.id) { count += 1 }
                drag.to.index = min(max(drag.to.index, 0), count)
            } else if let first = state.position(ofItem: items[0]) {
                drag.to = Position(section: first.section, index: 0)
            }
            localDrag = drag
            return
        }
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
        var placements: [(items: [ItemID], to: Position?, holder: DragHolder)] = []
        for (_, drag) in Array(remoteDrags).stablySorted(by: { $0.key < $1.key }) {
            let holder = DragHolder(client: drag.client, user: drag.user, isLocal: false)
            let to = drag.to.flatMap { optimisticPosition(of: drag, to: $0) }
            placements.append((drag.held, to, holder))
        }
        if let drag = localDrag {
            placements.append((drag.held, drag.to, DragHolder(client: clientID, user: user, isLocal: true)))
        }
        for placement in placements {
            Self.place(placement.items, at: placement.to, holder: placement.holder, in: &sections)
        }
        return BoardView(sections: sections)
    }

    /// Turns the cells of `items` into placeholders of `holder`: one after the other at `to` (its
    /// index counted without them), or each where it is when there is no `to`.
    private static func place(_ items: [ItemID], at to: Position?, holder: DragHolder, in sections: inout [ViewSection])
    {
        guard let to, let target = sections.firstIndex(where: { $0.id == to.section }) else {
            for item in items {
                guard let s = sections.firstIndex(where: { $0.cells.contains { $0.id == item } }),
                    let c = sections[s].cells.firstIndex(where: { $0.id == item })
                else { continue }
                sections[s].cells[c].holder = holder
            }
            return
        }
        var block: [ViewCell] = []
        for item in items {
            guard let s = sections.firstIndex(where: { $0.cells.contains { $0.id == item } }),
                let c = sections[s].cells.firstIndex(where: { $0.id == item })
            else { continue }
            var cell = sections[s].cells.remove(at: c)
            cell.holder = holder
            block.append(cell)
        }
        let index = min(max(to.index, 0), sections[target].cells.count)
        sections[target].cells.insert(contentsOf: block, at: index)
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
    private func optimisticPosition(of drag: RemoteDrag, to: Position) -> Position? {
        if let items = drag.items {
            guard var state = committed else { return nil }
            var gap: Position? = to
            for op in chain.ops {
                gap = gap.flatMap { gap in
                    Self.list(of: gap.section, on: state).flatMap {
                        BlockGap.rebase(gap, holding: items, through: op, items: $0)
                    }
                }
                if state.check(op, limits: .unlimited) == .apply { state.commit(op) }
            }
            return gap
        }
        let item = drag.item
        guard let from = committed?.position(ofItem: item) else { return nil }
        var placement: Op? = .move(item: item, from: from, to: to)
        for op in chain.ops {
            placement = placement.flatMap { Rebase.rebase($0, through: op) }
        }
        if case .move(_, _, let target)? = placement { return target }
        return nil
    }
}
