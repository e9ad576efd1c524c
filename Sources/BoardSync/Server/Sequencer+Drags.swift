extension Sequencer {
    /// A `drag` message: begin, over or cancel (protocol section 5, "Drags").
    mutating func drag(_ drag: ClientMessage.Drag, from id: ConnectionID, now: Double) {
        guard let connection = connections[id], let identity = connection.identity else { return }
        guard connection.role == .editor else {
            if case .begin(let item) = drag {
                send(.error(.init(code: .forbidden, message: "viewers cannot drag", item: item)), to: .connection(id))
            }
            return
        }
        switch drag {
        case .begin(let item):
            begin(item, by: id, identity: identity, now: now)
        case .over(let item, let base, let from, let to):
            guard connection.heldItem == item else { return }
            drags[item]?.lastActivity = now
            over(item, base: base, from: from, to: to)
        case .cancel(let item):
            guard connection.heldItem == item, let held = drags.removeValue(forKey: item) else { return }
            connections[id]?.heldItem = nil
            send(.drag(held.cancel(version: version, reason: nil, itemExists: true)), to: .allConnections)
        }
    }

    private mutating func begin(_ item: ItemID, by id: ConnectionID, identity: Connection.Identity, now: Double) {
        guard let position = state.position(ofItem: item) else {
            let what = state.usedIDs[item.rawValue] == .item ? "was deleted" : "is not an item on this board"
            send(.error(.init(code: .badOp, message: "\(item) \(what)", item: item)), to: .connection(id))
            return
        }
        if let other = drags[item], other.holder != id {
            let message = "\(item) is being dragged by \(other.user) (\(other.client))"
            send(.error(.init(code: .locked, message: message, item: item)), to: .connection(id))
            return
        }
        if connections[id]?.heldItem == item {
            drags[item]?.lastActivity = now
            return
        }
        if let previous = connections[id]?.heldItem, let held = drags.removeValue(forKey: previous) {
            send(.drag(held.cancel(version: version, reason: nil, itemExists: true)), to: .allConnections)
        }
        let drag = DragInProgress(
            item: item, holder: id, node: nil, client: identity.client, user: identity.user, from: position, to: nil,
            lastActivity: now)
        drags[item] = drag
        connections[id]?.heldItem = item
        send(.drag(drag.message(version: version)), to: .allConnections)
    }

    /// Places the held drag's placeholder: the positions, made against `base`, are rebased like a
    /// move of the item and must make a valid move now; otherwise the `over` is dropped.
    private mutating func over(_ item: ItemID, base: Int, from: Position, to: Position) {
        guard var drag = drags[item] else { return }
        let move = Op.move(item: item, from: from, to: to)
        guard state.checkNamedIDs(move) == nil, let since = window.ops(after: base),
            let rebased = Rebase.rebase(move, through: since.lazy.map { $0.op }),
            state.check(rebased, limits: config.limits) == .apply,
            case .move(_, let current, let target) = rebased
        else { return }
        drag.from = current
        drag.to = target
        drags[item] = drag
        send(.drag(drag.message(version: version)), to: .allConnections)
    }

    /// Drags whose holder sent nothing for the drag timeout are cancelled with `timeout` (a drag
    /// held elsewhere times out on its own server).
    mutating func expireDrags(now: Double) {
        for item in drags.keys.sorted() {
            guard let drag = drags[item], drag.holder != nil, now - drag.lastActivity >= config.dragTimeout else {
                continue
            }
            end(drag, reason: .timeout, itemExists: true)
        }
    }

    /// After `op` (submitted by the client id `author`, here or on another server) was
    /// committed: a drag of an item its holder moved or deleted ends silently (the rule every
    /// client applies by client id), a drag of an item that is gone otherwise is cancelled with
    /// `deleted`, and every other drag is carried to the new version.
    mutating func carryDrags(through op: Op, author: ClientID) {
        for item in drags.keys.sorted() {
            guard var drag = drags[item] else { continue }
            if drag.client == author, Self.movesOrDeletes(op, item: item) {
                drags[item] = nil
                if let holder = drag.holder { connections[holder]?.heldItem = nil }
            } else if !state.isLive(item: item) {
                end(drag, reason: .deleted, itemExists: false)
            } else {
                drag.carry(through: op, in: state)
                drags[item] = drag
            }
        }
    }

    mutating func end(_ drag: DragInProgress, reason: DragEndReason?, itemExists: Bool) {
        drags[drag.item] = nil
        if let holder = drag.holder { connections[holder]?.heldItem = nil }
        send(.drag(drag.cancel(version: version, reason: reason, itemExists: itemExists)), to: .allConnections)
    }

    static func movesOrDeletes(_ op: Op, item: ItemID) -> Bool {
        switch op {
        case .move(let moved, _, _), .delete(let moved, _): moved == item
        default: false
        }
    }
}
