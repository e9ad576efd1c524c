extension ClientMachine {
    /// A drag step reported by the server. This client's own drag is tracked locally, so its echo
    /// is ignored.
    mutating func receiveDrag(_ drag: ServerMessage.Drag) {
        guard drag.client != clientID else {
            if drag.action == .begin { _ = answerBegin(of: drag.item) }
            return
        }
        switch drag.action {
        case .begin, .over:
            remoteDrags = remoteDrags.filter { $0.value.client != drag.client || $0.key == drag.item }
            let to = drag.action == .over && drag.version == version ? drag.to : nil
            remoteDrags[drag.item] = RemoteDrag(
                client: drag.client, user: drag.user, item: drag.item, items: drag.items, to: to)
        case .cancel:
            remoteDrags[drag.item] = nil
        }
    }

    /// The holder's own committed move or delete of the item ends its drag on the server without
    /// a message; this client's drag ends the same way when the acknowledged (in-flight) submit
    /// moved or deleted the held item and was sent after the drag's `begin`.
    mutating func endOwnDrag(endedBy op: Op) {
        guard let drag = localDrag, inFlightSentAt > drag.begunAfterSubmits else { return }
        switch op {
        case .move(let item, _, _), .delete(let item, _):
            if drag.held.contains(item) { localDrag = nil }
        default: break
        }
    }

    /// Counts an answer to a `begin` of `item`; true when it answers the latest one sent.
    /// The begins of blocks are counted under their first item, and an error may name any item
    /// of one: it answers the oldest unanswered block begin that named it.
    mutating func answerBegin(of item: ItemID) -> Bool {
        var key = item
        if unansweredBegins[item] == nil, let block = unansweredBlocks.firstIndex(where: { $0.contains(item) }) {
            key = unansweredBlocks[block][0]
        }
        if let block = unansweredBlocks.firstIndex(where: { $0[0] == key }) { unansweredBlocks.remove(at: block) }
        let remaining = max((unansweredBegins[key] ?? 0) - 1, 0)
        unansweredBegins[key] = remaining == 0 ? nil : remaining
        return remaining == 0
    }

    /// Ends the remote drags a committed operation ends: the holder's own move or delete of the
    /// item, or anyone's deletion of the item or of its section.
    mutating func endDrags(endedBy op: Op, author: ClientID, into output: inout ClientOutput) {
        guard let committed else { return }
        remoteDrags = remoteDrags.filter { item, drag in
            guard drag.items != nil else {
                switch op {
                case .move(item, _, _): return drag.client != author
                case .delete(item, _): return false
                case .deleteSection(let section, _): return committed.position(ofItem: item)?.section != section
                default: return true
                }
            }
            switch op {
            case .move(let moved, _, _): return drag.client != author || !drag.held.contains(moved)
            case .delete(let deleted, _): return drag.client != author || !drag.held.contains(deleted)
            default: return true
            }
        }
    }

    /// Keeps remote placeholders where they mean the same after a committed operation (the
    /// committed board is still the one before it); a block loses the items the op deletes, and
    /// ends when none is left.
    mutating func rebaseRemoteDrags(through op: Op) {
        guard let committed else { return }
        for (item, drag) in remoteDrags {
            var updated = drag
            if let items = drag.items {
                let kept = items.filter { !Self.deletes(op, item: $0, on: committed) }
                guard let first = kept.first else {
                    remoteDrags[item] = nil
                    continue
                }
                updated.items = kept
                updated.item = first
                updated.to = drag.to.flatMap { to in
                    Self.list(of: to.section, on: committed).flatMap {
                        BlockGap.rebase(to, holding: items, through: op, items: $0)
                    }
                }
                remoteDrags[item] = nil
                remoteDrags[first] = updated
                continue
            }
            guard let to = drag.to, let from = committed.position(ofItem: item) else { continue }
            if case .move(_, _, let target)? = Rebase.rebase(.move(item: item, from: from, to: to), through: op) {
                updated.to = target
            } else {
                updated.to = nil
            }
            remoteDrags[item] = updated
        }
    }

    /// Whether `op`, acting on `state`, deletes `item` (itself, or with its section).
    static func deletes(_ op: Op, item: ItemID, on state: BoardState) -> Bool {
        switch op {
        case .delete(item, _): true
        case .deleteSection(let section, _): state.position(ofItem: item)?.section == section
        default: false
        }
    }

    /// The items of a section of `state`, in order.
    static func list(of section: SectionID, on state: BoardState) -> [ItemID]? {
        state.board.index(ofSection: section).map { state.board.sections[$0].items.map { $0.id } }
    }

    /// Carries this client's own drag and undo history through a remote operation, as that
    /// operation acts on the optimistic board (`before` is the optimistic board it acts on).
    /// The drag is lost only when the item is gone from the committed board; when only its
    /// placeholder's section went away, `refresh` puts the placeholder back on the item, as the
    /// server does. The placeholder is sent again: the server carries its own copy through the
    /// op, and before the first `over` its copy follows the item instead.
    mutating func carryLocalState(
        through op: Op, on before: BoardState, by user: String, into output: inout ClientOutput
    ) {
        if let drag = localDrag, let items = drag.items {
            if let list = Self.list(of: drag.to.section, on: before),
                let target = BlockGap.rebase(drag.to, holding: items, through: op, items: list)
            {
                localDrag?.to = target
                localDrag?.sent = nil
            }
        } else if let drag = localDrag {
            if let from = before.position(ofItem: drag.item),
                case .move(_, _, let target)? = Rebase.rebase(
                    .move(item: drag.item, from: from, to: drag.to), through: op)
            {
                localDrag?.to = target
                localDrag?.sent = nil
            } else if committed?.isLive(item: drag.item) != true {
                localDrag = nil
                output.notices.append(.dragLost(item: drag.item, by: user))
            }
        }
        rebaseUndoHistory(through: op)
    }

    /// Takes out of this client's block the items a committed op of someone else deletes on the
    /// committed board (`before`, as it was before the op), as the server does without a
    /// message; the block ends when none is left.
    mutating func shrinkLocalBlock(
        deletedBy op: Op, on before: BoardState, by user: String, into output: inout ClientOutput
    ) {
        guard var drag = localDrag, let items = drag.items else { return }
        let kept = items.filter { !Self.deletes(op, item: $0, on: before) }
        guard kept.count < items.count else { return }
        guard let first = kept.first else {
            localDrag = nil
            output.notices.append(.dragLost(item: drag.item, by: user))
            return
        }
        drag.items = kept
        drag.item = first
        localDrag = drag
    }

    /// Sends the `cancel` that ends the server's drag when the move of a drop is no longer
    /// pending without having been committed (rebased to nothing, refused locally, or answered
    /// with `noop`).
    mutating func cancelVoidDrops(into output: inout ClientOutput) {
        for item in Array(pendingDrops).stablySorted() where !chain.hasMove(of: item) {
            pendingDrops.remove(item)
            if phase == .live, localDrag?.item != item { output.send.append(.drag(.cancel(item: item))) }
        }
        if let block = droppedBlock, !block.contains(where: { chain.hasMove(of: $0) }) {
            droppedBlock = nil
            if phase == .live, localDrag?.items != block { output.send.append(.drag(.cancelBlock(items: block))) }
        }
    }

    mutating func rebaseUndoHistory(through op: Op) {
        undoStack = undoStack.compactMap { entry in
            let rebased = entry.compactMap { Rebase.rebase($0, through: op) }
            return rebased.isEmpty ? nil : rebased
        }
    }
}
