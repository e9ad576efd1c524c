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
            remoteDrags[drag.item] = RemoteDrag(client: drag.client, user: drag.user, item: drag.item, to: to)
        case .cancel:
            remoteDrags[drag.item] = nil
        }
    }

    /// The holder's own committed move or delete of the item ends its drag on the server without
    /// a message; this client's drag ends the same way when the acknowledged (in-flight) submit
    /// moved or deleted the held item and was sent after the drag's `begin`.
    mutating func endOwnDrag(endedBy op: Op) {
        guard let drag = localDrag, inFlightSentAt > drag.begunAfterSubmits else { return }
        let held = drag.item
        switch op {
        case .move(held, _, _), .delete(held, _): localDrag = nil
        default: break
        }
    }

    /// Whether a move of `item` is still waiting to be committed.
    func hasPendingMove(of item: ItemID) -> Bool {
        chain.ops.contains { if case .move(item, _, _) = $0 { true } else { false } }
    }

    /// Counts an answer to a `begin` of `item`; true when it answers the latest one sent.
    mutating func answerBegin(of item: ItemID) -> Bool {
        let remaining = max((unansweredBegins[item] ?? 0) - 1, 0)
        unansweredBegins[item] = remaining == 0 ? nil : remaining
        return remaining == 0
    }

    /// Ends the remote drags a committed operation ends: the holder's own move or delete of the
    /// item, or anyone's deletion of the item or of its section.
    mutating func endDrags(endedBy op: Op, author: ClientID, into output: inout ClientOutput) {
        guard let committed else { return }
        remoteDrags = remoteDrags.filter { item, drag in
            switch op {
            case .move(item, _, _): return drag.client != author
            case .delete(item, _): return false
            case .deleteSection(let section, _): return committed.position(ofItem: item)?.section != section
            default: return true
            }
        }
    }

    /// Keeps remote placeholders where they mean the same after a committed operation.
    mutating func rebaseRemoteDrags(through op: Op) {
        guard let committed else { return }
        for (item, drag) in remoteDrags {
            guard let to = drag.to, let from = committed.position(ofItem: item) else { continue }
            var updated = drag
            if case .move(_, _, let target)? = Rebase.rebase(.move(item: item, from: from, to: to), through: op) {
                updated.to = target
            } else {
                updated.to = nil
            }
            remoteDrags[item] = updated
        }
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
        if let drag = localDrag {
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

    /// Sends the `cancel` that ends the server's drag when the move of a drop is no longer
    /// pending without having been committed (rebased to nothing, refused locally, or answered
    /// with `noop`).
    mutating func cancelVoidDrops(into output: inout ClientOutput) {
        for item in Array(pendingDrops).stablySorted() where !hasPendingMove(of: item) {
            pendingDrops.remove(item)
            if phase == .live, localDrag?.item != item { output.send.append(.drag(.cancel(item: item))) }
        }
    }

    mutating func rebaseUndoHistory(through op: Op) {
        undoStack = undoStack.compactMap { entry in
            let rebased = entry.compactMap { Rebase.rebase($0, through: op) }
            return rebased.isEmpty ? nil : rebased
        }
    }
}
