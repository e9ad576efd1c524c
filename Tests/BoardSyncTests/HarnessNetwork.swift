@testable import BoardSync

/// One simulated client process: its merge machine, its current connection and the two ordered
/// message queues of that connection.
struct HarnessClient {
    var machine: ClientMachine
    var role: Role
    /// The connection in use; nil while offline.
    var connection: ConnectionID?
    /// Sent by the client, not yet read by the server (FIFO).
    var toServer: [ClientMessage] = []
    /// Sent by the server, not yet read by the client (FIFO).
    var toClient: [ServerMessage] = []
    /// The view the shell last drew, to replay every batch on.
    var shownView = BoardView()
    /// Every notice the client reported.
    var notices: [ClientNotice] = []
}

/// What the harness counted over a run, for the properties and for the final report.
struct HarnessCounts: Sendable {
    var localEdits = 0
    var acceptedEdits = 0
    var batches = 0
    var refusedSubmits = 0
    var noopAcks = 0
    var reconnects = 0
    var remoteNotices = 0
}

/// N client machines wired to one `Sequencer` through per-connection FIFO queues. Which queue
/// moves next, when the server commits (sending its held messages and reporting `.flushed`), and
/// when a connection drops are the test's choice; everything else runs as the real shells do.
/// Violations of the per-step checks are collected in `failures`.
struct Harness {
    var sequencer: Sequencer
    var clients: [HarnessClient] = []
    var now = 0.0
    /// Messages of server turns not yet committed (the real server sends only after the disk).
    var heldByServer: [Outgoing] = []
    /// Connections closed on the client side that the server has not been told about yet.
    var unreportedDisconnects: [ConnectionID] = []
    /// Every committed op, in version order, as the store would persist it.
    var committedLog: [SequencedOp] = []
    /// Submits the server answered: (client id, seq).
    var answered: Set<AnsweredSubmit> = []
    var counts = HarnessCounts()
    var failures: [String] = []
    /// Every client event with what it sent, when set (for tracing a failing seed).
    var eventLog: [String]?
    private var nextConnection: UInt64 = 1
    private var clientOfConnection: [ConnectionID: Int] = [:]

    /// A submit that the server acknowledged or refused.
    struct AnsweredSubmit: Hashable {
        var client: ClientID
        var seq: Int
    }

    init(board: Board, clientCount: Int, viewers: Set<Int> = []) {
        sequencer = Sequencer(state: BoardState(board: board))
        for index in 0..<clientCount {
            let machine = ClientMachine(clientID: "c\(index)", user: "user\(index)", boardID: board.id)
            clients.append(HarnessClient(machine: machine, role: viewers.contains(index) ? .viewer : .editor))
        }
    }

    // MARK: Connections

    /// Opens a new connection for an offline client and lets it say hello.
    mutating func connect(_ index: Int) {
        guard clients[index].connection == nil else { return }
        let id = ConnectionID(nextConnection)
        nextConnection += 1
        clients[index].connection = id
        clientOfConnection[id] = index
        serverHandle(.connected(id, role: clients[index].role))
        _ = run(index, "connectionOpened") { $0.connectionOpened() }
    }

    /// Drops a client's connection: everything still in its queues is lost in both directions.
    /// The server learns of it later (`reportDisconnect`) or through a replacing `hello`.
    mutating func disconnect(_ index: Int) {
        guard let id = clients[index].connection else { return }
        clients[index].connection = nil
        clients[index].toServer = []
        clients[index].toClient = []
        clientOfConnection[id] = nil
        unreportedDisconnects.append(id)
        counts.reconnects += 1
        _ = run(index, "connectionClosed") { $0.connectionClosed() }
    }

    /// Tells the server about the oldest unreported disconnect.
    mutating func reportDisconnect(at position: Int = 0) {
        guard unreportedDisconnects.indices.contains(position) else { return }
        let id = unreportedDisconnects.remove(at: position)
        serverHandle(.disconnected(id))
    }

    // MARK: Queues

    /// The server reads the next message a client sent.
    mutating func deliverToServer(_ index: Int) {
        guard let id = clients[index].connection, !clients[index].toServer.isEmpty else { return }
        let message = clients[index].toServer.removeFirst()
        serverHandle(.received(id, message))
    }

    /// The server's turns so far reach the disk: their messages go out and `.flushed` follows.
    mutating func commitServer() {
        let messages = heldByServer
        heldByServer = []
        for outgoing in messages {
            for id in outgoing.connections {
                guard let index = clientOfConnection[id] else { continue }
                clients[index].toClient.append(outgoing.message)
            }
        }
        serverHandle(.flushed)
    }

    /// The client reads the next message the server sent it.
    mutating func deliverToClient(_ index: Int) {
        guard !clients[index].toClient.isEmpty else { return }
        let message = clients[index].toClient.removeFirst()
        let inFlight = clients[index].machine.chain.inFlight
        let output = run(index, "receive \(message)") { $0.receive(message) }
        // A refused group that what the person meant can work out again is submitted anew
        // instead of reported (protocol 10.1).
        let rebuilt =
            report(of: message)?.index != nil && inFlight?.change.intent != nil
            && output.send.contains { if case .submit = $0 { true } else { false } }
        if case .error(let report) = message, let seq = report.seq, seq == inFlight?.seq,
            report.code != .stale, report.code != .inFlight, !rebuilt,
            !output.notices.contains(where: { if case .refused = $0 { true } else { false } })
        {
            failures.append("c\(index): refused submit \(seq) without a refused notice: \(report)")
        }
    }

    private func report(of message: ServerMessage) -> ServerMessage.ErrorReport? {
        if case .error(let report) = message { return report }
        return nil
    }

    private mutating func serverHandle(_ event: SequencerEvent) {
        let output = sequencer.handle(event, now: now)
        committedLog.append(contentsOf: output.commits)
        for outgoing in output.messages {
            guard let id = outgoing.connections.first, outgoing.recipients == .connection(id) else { continue }
            let client = clientOfConnection[id].map { clients[$0].machine.clientID }
            switch outgoing.message {
            case .ack(let ack):
                if let client { answered.insert(AnsweredSubmit(client: client, seq: ack.seq)) }
                if ack.op == nil, !ack.duplicate { counts.noopAcks += 1 }
            case .error(let report):
                if let client, let seq = report.seq, report.code != .inFlight {
                    answered.insert(AnsweredSubmit(client: client, seq: seq))
                    counts.refusedSubmits += 1
                }
            default: break
            }
        }
        heldByServer.append(contentsOf: output.messages)
    }

    // MARK: Client events

    /// Runs one client event and carries out its output, checking the batch against the view
    /// and that no pending edit disappears without a reason.
    mutating func run(
        _ index: Int, _ event: @autoclosure () -> String, _ body: (inout ClientMachine) -> ClientOutput
    ) -> ClientOutput {
        let before = clients[index].machine
        let output = body(&clients[index].machine)
        checkPendingEdits(index, before: before, output: output, event: event())
        take(output, from: index, event: event())
        return output
    }

    /// Carries out a client output: checks the batch, sends the messages, keeps the notices and
    /// reconnects when asked.
    private mutating func take(_ output: ClientOutput, from index: Int, event: @autoclosure () -> String) {
        let machine = clients[index].machine
        let old = clients[index].shownView
        if let batch = output.batch {
            counts.batches += 1
            do {
                let replayed = try BatchReplay.apply(batch, to: old, contentFrom: machine.view)
                if replayed != machine.view {
                    failures.append("c\(index) \(event()): batch \(batch) gives \(replayed), view is \(machine.view)")
                }
            } catch {
                failures.append("c\(index) \(event()): batch \(batch) does not replay: \(error)")
            }
            do {
                _ = try AnimationPlan(old: old, batch: batch, new: machine.view, cause: output.cause)
            } catch {
                failures.append("c\(index) \(event()): no animation plan for batch \(batch): \(error)")
            }
        } else if old != machine.view {
            failures.append("c\(index) \(event()): view changed without a batch")
        }
        clients[index].shownView = machine.view
        if eventLog != nil {
            let drag = machine.localDrag.map { "\($0.item)->\($0.to)" } ?? "-"
            eventLog?.append("c\(index) \(event()) => send \(output.send) drag \(drag) \(output.notices)")
        }
        clients[index].notices.append(contentsOf: output.notices)
        counts.remoteNotices += output.notices.count { if case .remoteAction = $0 { true } else { false } }
        if !output.send.isEmpty {
            if clients[index].connection == nil {
                failures.append("c\(index) \(event()): sends \(output.send) while offline")
            } else {
                clients[index].toServer.append(contentsOf: output.send)
            }
        }
        if output.reconnect {
            disconnect(index)
            connect(index)
        }
    }

    /// Pending edits may leave the chain only when the server answered them, when what they act
    /// on is gone from the committed board (or from the optimistic one, deleted by an earlier
    /// pending edit that now comes after a remote op bringing the element there), or with a
    /// notice.
    private mutating func checkPendingEdits(
        _ index: Int, before: ClientMachine, output: ClientOutput, event: @autoclosure () -> String
    ) {
        let after = clients[index].machine
        var candidates = before.chain.ops
        if let flight = before.chain.inFlight, !flight.change.ops.isEmpty, after.chain.inFlight?.seq != flight.seq,
            answered.contains(AnsweredSubmit(client: after.clientID, seq: flight.seq))
        {
            candidates.removeFirst(flight.change.ops.count)
        }
        let kept = PendingKeys(after.chain).counts
        var unexplained: [Op] = []
        for (key, ops) in Dictionary(grouping: candidates, by: PendingKeys.key) {
            let vanished = ops.count - (kept[key] ?? 0)
            guard vanished > 0 else { continue }
            let dead = ops.filter { op in
                [after.committed, after.optimistic].contains { state in
                    state.map { !PendingKeys.namesOnlyLiveElements(op, on: $0) } ?? false
                }
            }
            if vanished > dead.count { unexplained += ops.prefix(vanished - dead.count) }
        }
        let noticed = output.notices.count {
            switch $0 {
            case .invalidEdit, .refused: true
            default: false
            }
        }
        if unexplained.count > noticed {
            failures.append("c\(index) \(event()): pending \(unexplained) vanished silently")
        }
    }

    // MARK: Quiet

    /// Whether any message is still on its way or held by the server.
    var hasTraffic: Bool {
        !heldByServer.isEmpty || !unreportedDisconnects.isEmpty
            || clients.contains { !$0.toServer.isEmpty || !$0.toClient.isEmpty }
    }

    /// Ends every drag (unless `keepDrags`), reconnects every client and delivers everything
    /// until nothing moves. Returns false when it does not settle.
    mutating func settle(keepDrags: Bool = false) -> Bool {
        for index in clients.indices where !keepDrags && clients[index].machine.localDrag != nil {
            _ = run(index, "cancelDrag") { $0.cancelDrag() }
        }
        for index in clients.indices where clients[index].connection == nil { connect(index) }
        var rounds = 0
        while hasTraffic || clients.contains(where: { $0.machine.hasUnsentDragPosition }) {
            rounds += 1
            if rounds > 10_000 { return false }
            while !unreportedDisconnects.isEmpty { reportDisconnect() }
            for index in clients.indices {
                while !clients[index].toServer.isEmpty { deliverToServer(index) }
            }
            commitServer()
            for index in clients.indices {
                while !clients[index].toClient.isEmpty { deliverToClient(index) }
            }
            now += 1
            let time = now
            for index in clients.indices { _ = run(index, "tick") { $0.tick(now: time) } }
        }
        return true
    }

    /// Where each drag's placeholder is on the server, and where each client shows it, once
    /// settled with drags in progress.
    func dragDifferences() -> [String] {
        var problems: [String] = []
        let server = sequencer.state
        var expected: [ItemID: String] = [:]
        for (item, drag) in sequencer.drags {
            expected[item] = "\(drag.client) \(drag.to ?? drag.from)"
        }
        for (index, client) in clients.enumerated() {
            let machine = client.machine
            var shown: [ItemID: String] = [:]
            for (item, drag) in machine.remoteDrags {
                guard let position = drag.to ?? machine.committed?.position(ofItem: item) else { continue }
                shown[item] = "\(drag.client) \(position)"
            }
            if let drag = machine.localDrag, server.isLive(item: drag.item) {
                shown[drag.item] = "\(machine.clientID) \(drag.to)"
            }
            if shown != expected { problems.append("c\(index) shows drags \(shown), server has \(expected)") }
        }
        return problems
    }

    /// Differences between each client and the server once settled.
    func quietDifferences() -> [String] {
        var problems: [String] = []
        let board = sequencer.snapshot
        if sequencer.dragCount != 0 { problems.append("server still tracks \(sequencer.dragCount) drags") }
        for (index, client) in clients.enumerated() {
            let machine = client.machine
            if machine.phase != .live { problems.append("c\(index) is \(machine.phase)") }
            if machine.pendingCount != 0 { problems.append("c\(index) has \(machine.pendingCount) pending") }
            if machine.committed?.board != board {
                problems.append(
                    "c\(index) committed \(String(describing: machine.committed?.board)) != server \(board)")
            }
            if machine.optimistic?.board != board { problems.append("c\(index) optimistic differs from the server") }
            if !machine.remoteDrags.isEmpty { problems.append("c\(index) still shows drags \(machine.remoteDrags)") }
            if machine.view != BoardView(board: board) {
                problems.append("c\(index) view \(machine.view) != server \(BoardView(board: board))")
            }
        }
        return problems
    }
}

/// The pending ops of a chain counted by what they act on, so that ops can be recognised after
/// rebasing changed their positions.
struct PendingKeys {
    var counts: [String: Int] = [:]

    init(_ chain: PendingChain) {
        for op in chain.ops { counts[Self.key(op), default: 0] += 1 }
    }

    static func key(_ op: Op) -> String {
        "\(op.kind) \(op.itemID?.rawValue ?? op.sectionID?.rawValue ?? "")"
    }

    /// Whether every item and section the op names (its target section included) is on `state`.
    static func namesOnlyLiveElements(_ op: Op, on state: BoardState) -> Bool {
        switch op {
        case .insert(_, let to): state.isLive(section: to.section)
        case .move(let item, _, let to): state.isLive(item: item) && state.isLive(section: to.section)
        case .delete(let item, _), .update(let item, _): state.isLive(item: item)
        case .insertSection: true
        case .moveSection(let section, _, _), .renameSection(let section, _), .deleteSection(let section, _):
            state.isLive(section: section)
        }
    }
}
