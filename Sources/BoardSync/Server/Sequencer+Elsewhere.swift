extension Sequencer {
    /// Ops another server committed: applied in order, sent to every connection, carried
    /// through the drags (see `SequencerEvent.committedElsewhere`).
    mutating func commitElsewhere(_ ops: [SequencedOp]) {
        for record in ops where record.version > version {
            guard record.version == version + 1, state.check(record.op, limits: .unlimited) == .apply else { return }
            let lists = blockListsBeforeCommit()
            state.commit(record.op)
            window.append(record)
            lastSeqs[record.client] = max(lastSeqs[record.client] ?? 0, record.seq)
            send(.op(record.message), to: .allConnections)
            carryDrags(through: record.op, author: record.client, lists: lists)
        }
    }

    /// Presence and drags of another server's clients (see `RemoteActivity`).
    mutating func receiveRemote(_ activity: RemoteActivity) {
        switch activity {
        case .joined(let client, let user, let node):
            remoteJoined(client: client, user: user, node: node)
        case .left(let client, let node):
            guard remotePeers[client]?.node == node else { return }
            remoteLeft(client)
        case .drag(let message, let node):
            remoteDrag(message, node: node)
        case .state(let node, let peers, let dragMessages):
            remoteState(node: node, peers: peers, drags: dragMessages)
        case .leaseLost(let begin, let node):
            for item in begin.items ?? [begin.item] {
                guard let tracked = drag(holding: item), let holder = tracked.holder else { continue }
                end(tracked, reason: nil, itemExists: true)
                let message = "\(item) is being dragged by \(begin.user) (\(begin.client))"
                send(.error(.init(code: .locked, message: message, item: item)), to: .connection(holder))
            }
            remoteDrag(begin, node: node)
        case .nodeLost(let node):
            for item in drags.keys.sorted() where drags[item]?.node == node {
                end(drags[item]!, reason: .left, itemExists: true)
            }
            for client in remotePeers.keys.sorted() where remotePeers[client]?.node == node {
                remoteLeft(client)
            }
        }
    }

    /// Whether a `begin` of `item` from connection `id` would start a new drag: a server
    /// sharing the board with others takes the item's lease before it hands the `begin` over.
    /// False when the `begin` is refused or ignored without one.
    public func beginStartsDrag(of item: ItemID, from id: ConnectionID) -> Bool {
        guard let connection = connections[id], connection.identity != nil, connection.role == .editor,
            connection.heldItem != item, state.isLive(item: item)
        else { return false }
        return drags[item] == nil
    }

    /// The items dragged by this server's connections, every item of a block included, with the
    /// client id holding each.
    public var locallyHeldItems: [ItemID: ClientID] {
        var held: [ItemID: ClientID] = [:]
        for (item, drag) in drags where drag.holder != nil {
            for heldItem in drag.items ?? [item] { held[heldItem] = drag.client }
        }
        return held
    }

    /// This server's clients on the board that said `hello`, in the order they did.
    public var localPeers: [ServerMessage.Peer] {
        joined.compactMap { id -> ServerMessage.Peer? in
            connections[id]?.identity.map { ServerMessage.Peer(client: $0.client, user: $0.user) }
        }
    }

    /// This server's clients on the board and their drags at the current version: what other
    /// servers are told (`RemoteActivity.state`) when they need all of it.
    public var localActivity: (peers: [ServerMessage.Peer], drags: [ServerMessage.Drag]) {
        let peers = localPeers
        let held = drags.keys.sorted().compactMap { item -> ServerMessage.Drag? in
            guard let drag = drags[item], drag.holder != nil else { return nil }
            return drag.message(version: version)
        }
        return (peers, held)
    }

    /// Ends the drags held elsewhere by `client`, telling every connection.
    mutating func endRemoteDrags(of client: ClientID, reason: DragEndReason) {
        for item in drags.keys.sorted() {
            guard let drag = drags[item], drag.holder == nil, drag.client == client else { continue }
            end(drag, reason: reason, itemExists: true)
        }
    }

    /// `client` said hello on `node`: a connection of that client here is replaced (closed with
    /// 4409, without presence), one elsewhere moves to `node`; a new client joins.
    private mutating func remoteJoined(client: ClientID, user: String, node: String) {
        var known = false
        if let local = connectionOfClient[client] {
            remove(local, dragEnd: .left)
            output.closes.append(ConnectionClose(connection: local, reason: .replaced))
            known = true
        }
        if let peer = remotePeers[client] {
            if peer.node != node { endRemoteDrags(of: client, reason: .left) }
            known = true
        }
        remotePeers[client] = RemotePeer(user: user, node: node)
        if !known {
            send(.presence(.init(action: .join, client: client, user: user)), to: .allConnections)
        }
    }

    private mutating func remoteLeft(_ client: ClientID) {
        guard let peer = remotePeers.removeValue(forKey: client) else { return }
        endRemoteDrags(of: client, reason: .left)
        send(.presence(.init(action: .leave, client: client, user: peer.user)), to: .allConnections)
    }

    /// A drag message of a client elsewhere, at `message.version`: told to every connection
    /// with its positions rebased to this board's version. A drag that ops after that version
    /// already ended (its holder moved or deleted the item, or the item is gone) is left alone.
    private mutating func remoteDrag(_ message: ServerMessage.Drag, node: String) {
        if let items = message.items {
            remoteBlockDrag(message, items: items, node: node)
            return
        }
        let item = message.item
        // Held here or by another client elsewhere, alone or in a block: the first `begin` in the
        // servers' common order keeps the item (a server that granted a later one hands it over,
        // `leaseLost`).
        if let tracked = drag(holding: item), tracked.holder != nil || tracked.client != message.client { return }
        switch message.action {
        case .cancel:
            guard let tracked = drags[item] else { return }
            end(tracked, reason: message.reason, itemExists: state.isLive(item: item))
        case .begin, .over:
            guard message.version <= version, let position = state.position(ofItem: item),
                let since = window.ops(after: message.version),
                !since.contains(where: { $0.client == message.client && Self.movesOrDeletes($0.op, item: item) })
            else { return }
            var drag =
                drags[item]
                ?? DragInProgress(
                    item: item, holder: nil, node: node, client: message.client, user: message.user, from: position,
                    to: nil, lastActivity: 0)
            drag.node = node
            drag.from = position
            if message.action == .over, let from = message.from, let to = message.to {
                let move = Op.move(item: item, from: from, to: to)
                guard let rebased = Rebase.rebase(move, through: since.lazy.map { $0.op }),
                    state.check(rebased, limits: config.limits) == .apply, case .move(_, _, let target) = rebased
                else { return }
                drag.to = target
            } else if message.action == .begin {
                drag.to = nil
            }
            drags[item] = drag
            send(.drag(drag.message(version: version)), to: .allConnections)
        }
    }

    /// A block drag of a client elsewhere (protocol 10.2), as `remoteDrag` does for one item: its
    /// placeholder rebased through what was committed since `message.version`, the items others
    /// deleted since left out.
    private mutating func remoteBlockDrag(_ message: ServerMessage.Drag, items: [ItemID], node: String) {
        var existing: DragInProgress?
        for item in items {
            guard let tracked = drag(holding: item) else { continue }
            if tracked.holder != nil || tracked.client != message.client { return }
            existing = tracked
        }
        switch message.action {
        case .cancel:
            if let existing { end(existing, reason: message.reason, itemExists: true) }
        case .begin, .over:
            guard message.version <= version, let since = window.ops(after: message.version),
                !since.contains(where: { record in
                    record.client == message.client && items.contains { Self.movesOrDeletes(record.op, item: $0) }
                })
            else { return }
            let kept = items.filter { state.isLive(item: $0) }
            guard let first = kept.first, let position = state.position(ofItem: first) else { return }
            var drag = DragInProgress(
                item: first, holder: nil, node: node, client: message.client, user: message.user, from: position,
                to: nil, lastActivity: 0)
            drag.items = kept
            if message.action == .over, let to = message.to {
                guard let target = blockGap(to, holding: items, since: since.map { $0.op }) else { return }
                drag.to = target
            }
            if let existing { drags[existing.item] = nil }
            drags[first] = drag
            send(.drag(drag.message(version: version)), to: .allConnections)
        }
    }

    /// Replaces what is known of `node` on this board by its full state: its clients not listed
    /// leave, those known nowhere join, its drags not listed end.
    private mutating func remoteState(
        node: String, peers: [ServerMessage.Peer], drags dragMessages: [ServerMessage.Drag]
    ) {
        let listed = Set(peers.map { $0.client })
        for client in remotePeers.keys.sorted() where remotePeers[client]?.node == node && !listed.contains(client) {
            remoteLeft(client)
        }
        // A state may have been sent before its server heard that one of its clients moved to
        // another server (a `joined` elsewhere): it only fills in clients not known anywhere.
        for peer in peers where remotePeers[peer.client] == nil && connectionOfClient[peer.client] == nil {
            remoteJoined(client: peer.client, user: peer.user, node: node)
        }
        let held = Set(dragMessages.map { $0.item })
        for item in drags.keys.sorted() where drags[item]?.node == node && !held.contains(item) {
            end(drags[item]!, reason: .left, itemExists: true)
        }
        for message in dragMessages where remotePeers[message.client]?.node == node {
            remoteDrag(message, node: node)
        }
    }
}
