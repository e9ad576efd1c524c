extension ClientMachine {
    /// How often the placeholder of this client's drag is sent at most.
    public static let dragSendInterval = 1.0 / 30.0
    /// How many edits can be undone.
    public static let undoDepth = 100

    /// A person's edit: applied at once to the view, queued, and submitted in order. An edit of
    /// several tiles is one group: one submit, one undo step.
    public mutating func perform(_ edit: LocalEdit) -> ClientOutput {
        var output = ClientOutput()
        guard role == .editor else {
            output.notices.append(.viewOnly)
            return output
        }
        guard let state = optimistic else { return output }
        if let intent = edit.groupIntent {
            if let ops = intent.ops(on: state) {
                output.cause = ChangeCause(editing: ops, by: .local)
                record(ops, on: state, intent: intent, undoable: true)
            }
        } else {
            switch makeOp(edit, on: state) {
            case .success(let op):
                output.cause = ChangeCause(editing: [op], by: .local)
                switch state.check(op, limits: limits) {
                case .apply: record([op], on: state, intent: nil, undoable: true)
                case .noop: break
                case .refused(let error): output.notices.append(.invalidEdit(error))
                }
            case .failure(let error):
                output.notices.append(.invalidEdit(error))
            }
        }
        refresh(into: &output)
        sendNext(into: &output)
        return output
    }

    /// Undoes this client's latest edit by submitting its inverse (a group when it has several
    /// ops), rebased through everything that happened since. Re-created items and sections get
    /// fresh ids from `makeID`, since an id is never accepted twice. What it undid can be redone.
    public mutating func undo(makeID: () -> String) -> ClientOutput {
        var output = ClientOutput()
        guard role == .editor, let entry = undoStack.popLast() else { return output }
        if let inverse = replay(entry, makeID: makeID, into: &output) { redoStack.append(inverse) }
        refresh(into: &output)
        sendNext(into: &output)
        return output
    }

    /// Puts back what the latest undo took away, as far as what it needs is still there.
    public mutating func redo(makeID: () -> String) -> ClientOutput {
        var output = ClientOutput()
        guard role == .editor, let entry = redoStack.popLast() else { return output }
        if let inverse = replay(entry, makeID: makeID, into: &output) { pushUndo(inverse) }
        refresh(into: &output)
        sendNext(into: &output)
        return output
    }

    /// Queues the ops of an undo or redo entry that still apply, as one change; answers the
    /// inverse of what it queued.
    private mutating func replay(_ entry: [Op], makeID: () -> String, into output: inout ClientOutput) -> [Op]? {
        guard let start = optimistic else { return nil }
        var state = start
        var renamed = ReplacedIDs()
        var done: [Op] = []
        for inverse in entry {
            let op = inverse.replacingIDs(&renamed, makeID: makeID)
            guard let fixed = state.repaired(op), state.check(fixed, limits: limits) == .apply else { continue }
            state.commit(fixed)
            done.append(fixed)
        }
        output.cause = ChangeCause(editing: done, by: .local)
        guard !done.isEmpty else { return nil }
        return record(done, on: start, intent: nil, undoable: false)
    }

    /// Picks up an item. Refused locally when someone else is known to hold it.
    public mutating func beginDrag(item: ItemID) -> ClientOutput {
        var output = ClientOutput()
        guard role == .editor else {
            output.notices.append(.viewOnly)
            return output
        }
        guard let position = optimistic?.position(ofItem: item) else { return output }
        if let holder = remoteDrags[item] {
            output.notices.append(.locked(item: item, message: "held by \(holder.user)"))
            return output
        }
        if let held = localDrag, held.item == item { return output }
        localDrag = LocalDrag(item: item, to: position)
        localDrag?.sent = position
        localDrag?.begunAfterSubmits = submitsSent
        lastDrop = nil
        if phase == .live {
            unansweredBegins[item, default: 0] += 1
            output.send.append(.drag(.begin(item: item)))
        }
        output.cause = ChangeCause(mover: .local, kind: .drag, moved: [item.rawValue])
        refresh(into: &output)
        return output
    }

    /// Picks up several items as one block, in this order (protocol 10.2), gathered where the
    /// first of them is. Refused locally when someone else is known to hold one of them.
    public mutating func beginDrag(items: [ItemID]) -> ClientOutput {
        var output = ClientOutput()
        guard role == .editor else {
            output.notices.append(.viewOnly)
            return output
        }
        guard let state = optimistic, items.count > 1, let first = state.position(ofItem: items[0]),
            items.allSatisfy({ state.isLive(item: $0) })
        else { return output }
        for item in items {
            guard let holder = remoteDrags.values.first(where: { $0.held.contains(item) }) else { continue }
            output.notices.append(.locked(item: item, message: "held by \(holder.user)"))
            return output
        }
        if localDrag?.items == items { return output }
        let before = state.board.sections.first { $0.id == first.section }?.items.prefix(first.index)
        let index = before?.filter { !items.contains($0.id) }.count ?? 0
        localDrag = LocalDrag(items: items, to: Position(section: first.section, index: index))
        localDrag?.begunAfterSubmits = submitsSent
        localDrag?.begunWith = items
        lastDrop = nil
        if phase == .live {
            unansweredBegins[items[0], default: 0] += 1
            unansweredBlocks.append(items)
            output.send.append(.drag(.beginBlock(items: items)))
        }
        output.cause = ChangeCause(mover: .local, kind: .drag, moved: items.map { $0.rawValue })
        refresh(into: &output)
        return output
    }

    /// Moves the held item's placeholder (a block's: where its first item would land).
    /// `to.index` counts the target section without the held items. The position is sent at most
    /// every `dragSendInterval` seconds; `tick` sends the latest.
    public mutating func dragOver(to: Position, now: Double) -> ClientOutput {
        var output = ClientOutput()
        guard let drag = localDrag, let state = optimistic, let section = state.board.index(ofSection: to.section)
        else { return output }
        let held = drag.held
        var count = 0
        for item in state.board.sections[section].items where !held.contains(item.id) { count += 1 }
        localDrag?.to = Position(section: to.section, index: min(max(to.index, 0), count))
        output.cause = ChangeCause(mover: .local, kind: .drag, moved: held.map { $0.rawValue })
        refresh(into: &output)
        tickDrag(now: now, into: &output)
        return output
    }

    /// Sends a drag position that was held back by the rate limit, once it is due.
    public mutating func tick(now: Double) -> ClientOutput {
        var output = ClientOutput()
        tickDrag(now: now, into: &output)
        return output
    }

    /// Whether a held-back drag position is waiting for `tick`.
    public var hasUnsentDragPosition: Bool {
        guard let drag = localDrag else { return false }
        return drag.sent != drag.to
    }

    private mutating func tickDrag(now: Double, into output: inout ClientOutput) {
        guard now - lastDragSend >= Self.dragSendInterval else { return }
        let before = output.send.count
        sendDragPosition(into: &output)
        if output.send.count > before { lastDragSend = now }
    }

    /// Drops the held item where its placeholder is: a `move` (or a cancel when it did not move);
    /// a block is one group of moves that puts its items there in its order.
    public mutating func drop() -> ClientOutput {
        guard let drag = localDrag, let state = optimistic else { return ClientOutput() }
        localDrag = nil
        if let items = drag.items {
            guard ChangeIntent.moveBlock(items, to: drag.to).ops(on: state) != nil else {
                var output = ClientOutput()
                if phase == .live { output.send.append(.drag(.cancelBlock(items: items))) }
                output.cause = ChangeCause(mover: .local, kind: .drag, moved: items.map { $0.rawValue })
                refresh(into: &output)
                return output
            }
            droppedBlock = items
            return perform(.moveItems(items, to: drag.to))
        }
        if state.position(ofItem: drag.item) == drag.to {
            var output = ClientOutput()
            if phase == .live { output.send.append(.drag(.cancel(item: drag.item))) }
            output.cause = ChangeCause(mover: .local, kind: .drag, moved: [drag.item.rawValue])
            refresh(into: &output)
            return output
        }
        pendingDrops.insert(drag.item)
        return perform(.move(item: drag.item, to: drag.to))
    }

    /// Puts the held item (or block) back where it was.
    public mutating func cancelDrag() -> ClientOutput {
        var output = ClientOutput()
        guard let drag = localDrag else { return output }
        localDrag = nil
        if phase == .live {
            output.send.append(.drag(drag.items.map { .cancelBlock(items: $0) } ?? .cancel(item: drag.item)))
        }
        output.cause = ChangeCause(mover: .local, kind: .drag, moved: drag.held.map { $0.rawValue })
        refresh(into: &output)
        return output
    }

    /// Queues a change valid on `state` (the optimistic board): one op, or a group of several,
    /// and keeps the local drag and the undo history meaning the same after it. The carried
    /// placeholder is sent again once the change is acknowledged, since the last position sent
    /// was in the coordinates before it. Answers the change's inverse; an `undoable` change puts
    /// it on the undo stack and makes what was undone before no longer redoable.
    @discardableResult
    mutating func record(_ ops: [Op], on state: BoardState, intent: ChangeIntent?, undoable: Bool) -> [Op] {
        var scratch = state
        var inverses: [[Op]] = []
        for op in ops {
            inverses.append(Inverse.of(op, on: scratch))
            rebaseUndoHistory(through: op)
            if let drag = localDrag, let items = drag.items {
                if let list = Self.list(of: drag.to.section, on: scratch),
                    let target = BlockGap.rebase(drag.to, holding: items, through: op, items: list)
                {
                    localDrag?.to = target
                    localDrag?.sent = nil
                }
            } else if let drag = localDrag, let from = scratch.position(ofItem: drag.item),
                case .move(_, _, let target)? = Rebase.rebase(
                    .move(item: drag.item, from: from, to: drag.to), through: op)
            {
                localDrag?.to = target
                localDrag?.sent = nil
            }
            scratch.commit(op)
        }
        let inverse = Array(inverses.reversed().joined())
        if undoable {
            pushUndo(inverse)
            redoStack = []
        }
        chain.queued.append(contentsOf: PendingChange.changes(of: ops, intent: intent))
        optimistic = scratch
        return inverse
    }

    /// Puts an entry on the undo stack, forgetting the oldest beyond its depth.
    private mutating func pushUndo(_ entry: [Op]) {
        guard !entry.isEmpty else { return }
        undoStack.append(entry)
        if undoStack.count > Self.undoDepth { undoStack.removeFirst() }
    }

    private func makeOp(_ edit: LocalEdit, on state: BoardState) -> Result<Op, OpError> {
        func itemPosition(_ id: ItemID) -> Result<Position, OpError> {
            state.position(ofItem: id).map { .success($0) } ?? .failure(.unknownID(id.rawValue))
        }
        func sectionIndex(_ id: SectionID) -> Result<Int, OpError> {
            state.board.index(ofSection: id).map { .success($0) } ?? .failure(.unknownID(id.rawValue))
        }
        switch edit {
        case .insert(let item, let at): return .success(.insert(item: item, to: at))
        case .move(let item, let to): return itemPosition(item).map { .move(item: item, from: $0, to: to) }
        case .delete(let item): return itemPosition(item).map { .delete(item: item, from: $0) }
        case .rename(let item, let label): return .success(.update(item: item, label: label))
        case .insertSection(let header, let at): return .success(.insertSection(section: header, index: at))
        case .moveSection(let id, let to):
            return sectionIndex(id).map { .moveSection(section: id, from: $0, index: to) }
        case .renameSection(let id, let title): return .success(.renameSection(section: id, title: title))
        case .deleteSection(let id): return sectionIndex(id).map { .deleteSection(section: id, from: $0) }
        case .moveItems, .deleteItems, .restore, .appendSections:
            preconditionFailure("an edit of several ops is recorded as a group")
        }
    }
}
