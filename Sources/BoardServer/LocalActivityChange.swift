import BoardSync

/// What the other servers of a cluster must hear after an event of this server's own clients:
/// who joined (a `hello`, which also replaces a connection of the same client elsewhere), who
/// left, and every drag step of a client connected here. Events that came from elsewhere (ops
/// committed elsewhere, other servers' activity) and flushes tell nothing, but for a lease
/// lost: the `cancel` of the drag handed over is told too, because a server may have heard
/// that drag's `begin` only after the winner's drag ended there, and granted it. Pure.
enum LocalActivityChange {
    /// The activity to publish after `event` moved this server's clients from `before` to
    /// `after` and produced `output`.
    static func of(
        _ event: SequencerEvent, before: [ServerMessage.Peer], after: [ServerMessage.Peer], output: SequencerOutput,
        node: String
    ) -> [RemoteActivity] {
        switch event {
        case .connected, .received, .undecodable, .disconnected, .tick, .submittedOverHTTP: break
        case .remote(.leaseLost): break
        case .flushed, .committedElsewhere, .remote: return []
        }
        var changes: [RemoteActivity] = []
        let earlier = Set(before.map(\.client))
        let now = Set(after.map(\.client))
        if case .received(_, .hello(let hello)) = event, now.contains(hello.client) {
            changes.append(.joined(client: hello.client, user: hello.user, node: node))
        }
        for peer in after where !earlier.contains(peer.client) {
            if case .received(_, .hello(let hello)) = event, hello.client == peer.client { continue }
            changes.append(.joined(client: peer.client, user: peer.user, node: node))
        }
        let local = earlier.union(now)
        for outgoing in output.messages {
            guard case .drag(let drag) = outgoing.message, local.contains(drag.client) else { continue }
            changes.append(.drag(drag, node: node))
        }
        for peer in before where !now.contains(peer.client) {
            changes.append(.left(client: peer.client, node: node))
        }
        return changes
    }
}
