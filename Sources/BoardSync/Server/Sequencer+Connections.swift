extension Sequencer {
    /// `hello`: the connection joins the board (replacing an earlier connection of the same
    /// client id) and gets its `welcome`; the others get a `presence` join.
    mutating func hello(_ hello: ClientMessage.Hello, from id: ConnectionID) {
        guard let connection = connections[id] else { return }
        guard connection.identity == nil else {
            send(.error(.init(code: .badMessage, message: "second hello on this connection")), to: .connection(id))
            return
        }
        if let problem = Self.problem(with: hello) {
            send(.error(.init(code: .badMessage, message: problem)), to: .connection(id))
            return
        }
        var replaced = false
        if let old = connectionOfClient[hello.client], old != id {
            remove(old, dragEnd: .left)
            output.closes.append(ConnectionClose(connection: old, reason: .replaced))
            replaced = true
        }
        if remotePeers.removeValue(forKey: hello.client) != nil {
            endRemoteDrags(of: hello.client, reason: .left)
            replaced = true
        }
        connections[id]?.identity = Connection.Identity(client: hello.client, user: hello.user)
        connectionOfClient[hello.client] = id
        joined.append(id)
        send(.welcome(welcome(for: hello, role: connection.role, id: id)), to: .connection(id))
        if !replaced {
            let join = ServerMessage.Presence(action: .join, client: hello.client, user: hello.user)
            send(.presence(join), to: .allExcept(id))
        }
    }

    /// The connection is gone: its drag is cancelled (`left`) and the others get a `presence` leave.
    mutating func disconnect(_ id: ConnectionID) {
        guard let identity = connections[id]?.identity else {
            connections[id] = nil
            return
        }
        remove(id, dragEnd: .left)
        send(.presence(.init(action: .leave, client: identity.client, user: identity.user)), to: .allExcept(id))
    }

    /// Forgets a connection, cancelling the drag it held with `dragEnd` (sent to the others).
    mutating func remove(_ id: ConnectionID, dragEnd: DragEndReason) {
        guard let connection = connections.removeValue(forKey: id) else { return }
        joined.removeAll { $0 == id }
        unflushedAnswers.remove(id)
        if let identity = connection.identity, connectionOfClient[identity.client] == id {
            connectionOfClient[identity.client] = nil
        }
        if let item = connection.heldItem, let drag = drags.removeValue(forKey: item) {
            send(.drag(drag.cancel(version: version, reason: dragEnd, itemExists: true)), to: .allConnections)
        }
    }

    private func welcome(for hello: ClientMessage.Hello, role: Role, id: ConnectionID) -> ServerMessage.Welcome {
        let board: ServerMessage.Welcome.State
        if let since = hello.since, let ops = window.ops(after: since) {
            board = .ops(ops.map { $0.message })
        } else {
            board = .board(state.board)
        }
        let peers =
            joined.compactMap { other -> ServerMessage.Peer? in
                guard other != id, let identity = connections[other]?.identity else { return nil }
                return ServerMessage.Peer(client: identity.client, user: identity.user)
            }
            + remotePeers.keys.sorted().map { ServerMessage.Peer(client: $0, user: remotePeers[$0]!.user) }
        let dragMessages = drags.keys.sorted().compactMap { drags[$0]?.message(version: version) }
        return ServerMessage.Welcome(
            state: board, you: ServerMessage.You(client: hello.client, user: hello.user, role: role),
            peers: peers, drags: dragMessages, lastSeq: lastSeq(of: hello.client))
    }

    /// Why a `hello` cannot be accepted, for decoders that let it through.
    private static func problem(with hello: ClientMessage.Hello) -> String? {
        if !Validation.isIdentifier(hello.client.rawValue) { return "client is not a valid id" }
        if Validation.checkText(hello.user, limit: Validation.userLimit) != nil { return "user is not a valid name" }
        if let since = hello.since, since < 0 { return "since is out of range" }
        return nil
    }
}
