extension Sequencer {
    /// A `drag` message: begin, over or cancel, of one item or of a block (protocol section 5,
    /// "Drags", and 10.2).
    mutating func drag(_ drag: ClientMessage.Drag, from id: ConnectionID, now: Double) {
        guard let connection = connections[id], let identity = connection.identity else { return }
        guard connection.role == .editor else {
            if drag.action == .begin {
                send(
                    .error(.init(code: .forbidden, message: "viewers cannot drag", item: drag.item)),
                    to: .connection(id))
            }
            return
        }
        switch drag {
        case .begin(let item):
            begin([item], block: false, by: id, identity: identity, now: now)
        case .beginBlock(let items):
            begin(items, block: true, by: id, identity: identity, now: now)
        case .over(let item, let base, let from, let to):
            guard connection.heldItem == item, drags[item]?.items == nil else { return }
            drags[item]?.lastActivity = now
            over(item, base: base, from: from, to: to)
        case .overBlock(let items, let base, let to):
            // The holder's block may have lost items others deleted before the holder heard of
            // it: any of them names the block.
            guard let key = connection.heldItem, let held = drags[key]?.items,
                items.contains(where: held.contains)
            else { return }
            drags[key]?.lastActivity = now
            overBlock(held, base: base, to: to)
        case .cancel, .cancelBlock:
            let named = drag.blockItems ?? [drag.item]
            guard let key = connection.heldItem, let tracked = drags[key], named.contains(where: tracked.holds),
                (tracked.items == nil) == (drag.blockItems == nil)
            else { return }
            drags[key] = nil
            connections[id]?.heldItem = nil
            send(.drag(tracked.cancel(version: version, reason: nil, itemExists: true)), to: .allConnections)
        }
    }

    /// The drag holding `item`, as the item itself or as one of a block's.
    func drag(holding item: ItemID) -> DragInProgress? {
        if let drag = drags[item] { return drag }
        return drags.values.first { $0.items?.contains(item) == true }
    }

    /// Picks up `items`: one item, or (`block`) several held as one. Every item must be on the
    /// board and held by nobody else; the new drag replaces the one the connection held.
    private mutating func begin(
        _ items: [ItemID], block: Bool, by id: ConnectionID, identity: Connection.Identity, now: Double
    ) {
        let item = items[0]
        for held in items where !state.isLive(item: held) {
            let what = state.usedIDs[held.rawValue] == .item ? "was deleted" : "is not an item on this board"
            send(.error(.init(code: .badOp, message: "\(held) \(what)", item: held)), to: .connection(id))
            return
        }
        for held in items {
            guard let other = drag(holding: held), other.holder != id else { continue }
            let message = "\(held) is being dragged by \(other.user) (\(other.client))"
            send(.error(.init(code: .locked, message: message, item: held)), to: .connection(id))
            return
        }
        let blockItems = block ? items : nil
        if connections[id]?.heldItem == item, drags[item]?.items == blockItems {
            drags[item]?.lastActivity = now
            return
        }
        if let previous = connections[id]?.heldItem, let held = drags.removeValue(forKey: previous) {
            send(.drag(held.cancel(version: version, reason: nil, itemExists: true)), to: .allConnections)
        }
        guard let position = state.position(ofItem: item) else { return }
        var drag = DragInProgress(
            item: item, holder: id, node: nil, client: identity.client, user: identity.user, from: position, to: nil,
            lastActivity: now)
        drag.items = blockItems
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

    /// Places a block's placeholder: `to`, made against `base`, is rebased through what was
    /// committed since in its section's list without the held items (`BlockGap`) and must fall
    /// within that list now; otherwise the `over` is dropped.
    private mutating func overBlock(_ items: [ItemID], base: Int, to: Position) {
        guard var drag = drags[items[0]], let since = window.ops(after: base),
            let target = blockGap(to, holding: items, since: since.map { $0.op })
        else { return }
        drag.to = target
        drag.from = state.position(ofItem: items[0]) ?? drag.from
        drags[items[0]] = drag
        send(.drag(drag.message(version: version)), to: .allConnections)
    }

    /// A block's placeholder `to`, made before `ops` were committed, rebased through them in its
    /// section's list without the held items (`BlockGap`); nil when it no longer falls within
    /// that list.
    func blockGap(_ to: Position, holding items: [ItemID], since ops: [Op]) -> Position? {
        guard let section = state.board.index(ofSection: to.section) else { return nil }
        let now = state.board.sections[section].items.map { $0.id }
        guard var list = BlockGap.list(of: to.section, now: now, before: ops) else { return nil }
        var gap: Position? = to
        for op in ops {
            gap = gap.flatMap { BlockGap.rebase($0, holding: items, through: op, items: list) }
            list = BlockGap.advance(list, of: to.section, through: op)
        }
        let others = now.filter { !items.contains($0) }.count
        guard let target = gap, target.index >= 0, target.index <= others else { return nil }
        return target
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

    /// The lists of the sections blocks are placed in, as they are before an op is committed:
    /// what carrying a block's placeholder through the op needs.
    func blockListsBeforeCommit() -> [SectionID: [ItemID]] {
        var lists: [SectionID: [ItemID]] = [:]
        for drag in drags.values {
            guard drag.items != nil, let to = drag.to, lists[to.section] == nil,
                let index = state.board.index(ofSection: to.section)
            else { continue }
            lists[to.section] = state.board.sections[index].items.map { $0.id }
        }
        return lists
    }

    /// After `op` (submitted by the client id `author`, here or on another server) was
    /// committed: a drag of an item its holder moved or deleted ends silently (the rule every
    /// client applies by client id), a drag of an item that is gone otherwise is cancelled with
    /// `deleted`, and every other drag is carried to the new version. A block loses the items
    /// others deleted (no message: every client does the same) and ends with `deleted` when
    /// none is left; `lists` are its sections' lists before the op (`blockListsBeforeCommit`).
    mutating func carryDrags(through op: Op, author: ClientID, lists: [SectionID: [ItemID]] = [:]) {
        for item in drags.keys.sorted() {
            guard var drag = drags[item] else { continue }
            guard let items = drag.items else {
                if drag.client == author, Self.movesOrDeletes(op, item: item) {
                    drags[item] = nil
                    if let holder = drag.holder { connections[holder]?.heldItem = nil }
                } else if !state.isLive(item: item) {
                    end(drag, reason: .deleted, itemExists: false)
                } else {
                    drag.carry(through: op, in: state)
                    drags[item] = drag
                }
                continue
            }
            if drag.client == author, items.contains(where: { Self.movesOrDeletes(op, item: $0) }) {
                drags[item] = nil
                if let holder = drag.holder { connections[holder]?.heldItem = nil }
                continue
            }
            let kept = items.filter { state.isLive(item: $0) }
            guard let first = kept.first, let from = state.position(ofItem: first) else {
                end(drag, reason: .deleted, itemExists: false)
                continue
            }
            if let to = drag.to {
                drag.to = lists[to.section].flatMap { BlockGap.rebase(to, holding: items, through: op, items: $0) }
            }
            drag.items = kept
            drag.item = first
            drag.from = from
            drags[item] = nil
            drags[first] = drag
            if let holder = drag.holder, first != item { connections[holder]?.heldItem = first }
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
