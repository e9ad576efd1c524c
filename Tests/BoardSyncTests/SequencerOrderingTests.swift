import BoardSync
import TestSupport
import Testing

/// A simulated client: it holds a replica of the board built only from what it received, and
/// checks the ordering guarantees of protocol section 5 on every message it reads.
struct SimulatedClient {
    let client: ClientID
    let user: String
    var connection: ConnectionID?
    var replica: BoardState?
    var nextSeq = 1
    var awaitingAnswer = false
    var welcomed = false
    var createdIDs = 0
    var heldItem: ItemID?

    var lastSeen: Int { replica?.version ?? 0 }

    /// Reads one message; returns a description of the first broken guarantee, if any.
    mutating func read(_ message: ServerMessage) -> String? {
        if !welcomed {
            guard case .welcome(let welcome) = message else { return "\(client): \(message.type) before welcome" }
            welcomed = true
            nextSeq = max(nextSeq, welcome.lastSeq + 1)
            switch welcome.state {
            case .board(let board):
                replica = BoardState(board: board)
            case .ops(let ops):
                for op in ops {
                    if let problem = apply(op.op, version: op.version) { return problem }
                }
            }
            for drag in welcome.drags {
                if let problem = checkPlacement(drag) { return problem }
            }
            return nil
        }
        switch message {
        case .welcome:
            return "\(client): second welcome"
        case .ack(let ack):
            awaitingAnswer = false
            if ack.duplicate { return nil }
            guard let op = ack.op else {
                return ack.version == lastSeen ? nil : "\(client): noop ack at \(ack.version), holds \(lastSeen)"
            }
            return apply(op, version: ack.version)
        case .op(let committed):
            return apply(committed.op, version: committed.version)
        case .drag(let drag):
            if drag.client == client, drag.action == .cancel { heldItem = nil }
            return checkPlacement(drag)
        case .error(let error):
            if error.seq != nil { awaitingAnswer = false }
            if error.item != nil, error.item == heldItem, error.code != .locked { heldItem = nil }
            return nil
        case .presence:
            return nil
        }
    }

    /// A drag message must be at the version the client holds, and an `over` must be a valid
    /// move of the item on that board.
    private func checkPlacement(_ drag: ServerMessage.Drag) -> String? {
        guard drag.version == lastSeen else { return "\(client): drag at \(drag.version), holds \(lastSeen)" }
        guard drag.action == .over else { return nil }
        guard let from = drag.from, let to = drag.to, let replica else { return "\(client): over without positions" }
        let check = replica.check(.move(item: drag.item, from: from, to: to))
        return check == .apply ? nil : "\(client): over \(drag.item) \(from) -> \(to) is not a valid move: \(check)"
    }

    private mutating func apply(_ op: Op, version: Int) -> String? {
        guard var state = replica else { return "\(client): op before any board" }
        guard version == state.version + 1 else { return "\(client): got version \(version) after \(state.version)" }
        let check = state.check(op)
        guard check == .apply else { return "\(client): committed op \(op) does not apply: \(check)" }
        state.commit(op)
        replica = state
        if op.itemID == heldItem, op.kind == "move" || op.kind == "delete" { heldItem = nil }
        return nil
    }

    /// A random op made against the replica.
    mutating func randomOp(using random: inout SeededGenerator) -> Op {
        let board = replica?.board ?? Board(id: "team")
        let items = board.sections.flatMap { section in section.items.map { ($0.id, section.id) } }
        func newID<ID: BoardIdentifier>() -> ID {
            createdIDs += 1
            return "\(client)-\(createdIDs)"
        }
        func randomGap(in section: Section, without item: ItemID? = nil) -> Int {
            let count = section.items.count - (item.map { section.index(ofItem: $0) != nil ? 1 : 0 } ?? 0)
            return Int.random(in: 0...count, using: &random)
        }
        guard let section = board.sections.randomElement(using: &random) else {
            return .insertSection(section: SectionHeader(id: newID(), title: "S"), index: 0)
        }
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<6:
            return .insert(
                item: Item(id: newID(), label: "L"), to: Position(section: section.id, index: randomGap(in: section)))
        case 6..<12 where !items.isEmpty:
            let (item, _) = items.randomElement(using: &random)!
            let from = board.position(ofItem: item)!
            return .move(
                item: item, from: from, to: Position(section: section.id, index: randomGap(in: section, without: item)))
        case 12..<14 where !items.isEmpty:
            let (item, _) = items.randomElement(using: &random)!
            return .delete(item: item, from: board.position(ofItem: item)!)
        case 14..<16 where !items.isEmpty:
            return .update(
                item: items.randomElement(using: &random)!.0, label: "L\(Int.random(in: 0..<9, using: &random))")
        case 16 where board.sections.count < 6:
            return .insertSection(
                section: SectionHeader(id: newID(), title: "S"),
                index: Int.random(in: 0...board.sections.count, using: &random))
        case 17:
            let from = board.index(ofSection: section.id)!
            return .moveSection(
                section: section.id, from: from, index: Int.random(in: 0..<board.sections.count, using: &random))
        case 18 where Int.random(in: 0..<4, using: &random) == 0:
            return .deleteSection(section: section.id, from: board.index(ofSection: section.id)!)
        default:
            return .renameSection(section: section.id, title: "T")
        }
    }
}

/// Several clients on one sequencer, with messages delivered late and in random amounts,
/// reconnects, replacements, drags, ticks and flushes at random moments.
struct SequencerSimulation {
    var random: SeededGenerator
    var harness = SequencerHarness(
        board: Board(id: "team", sections: [Section(id: "main", title: "Main")]),
        config: SequencerConfig(windowSize: 50))
    var clients: [SimulatedClient]
    var inboxes: [ConnectionID: [ServerMessage]] = [:]
    var nextConnection: UInt64 = 1
    var problems: [String] = []
    var commits = 0
    var lastCommittedVersion = 0
    /// How often each kind of answer occurred, to show which paths the run exercised.
    var seen: [String: Int] = [:]

    init(seed: UInt64, clientCount: Int) {
        random = SeededGenerator(seed: seed)
        clients = (0..<clientCount).map { SimulatedClient(client: "k\($0)", user: "user\($0)") }
    }

    mutating func run(steps: Int) {
        for index in clients.indices { connect(index) }
        for _ in 0..<steps where problems.isEmpty {
            step()
        }
        handle(.flushed)
        for index in clients.indices { deliver(index, count: Int.max) }
        for client in clients where client.connection != nil {
            if client.replica?.board != harness.sequencer.snapshot {
                problems.append("\(client.client) ends with a board different from the server's")
            }
        }
    }

    private mutating func step() {
        let index = Int.random(in: 0..<clients.count, using: &random)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<35:
            // Client 0 reads rarely and never reconnects, so its bases fall behind the window.
            if index != 0 || Int.random(in: 0..<10, using: &random) == 0 {
                deliver(index, count: Int.random(in: 1...4, using: &random))
            }
        case 35..<65:
            submit(index)
        case 65..<80:
            dragStep(index)
        case 80..<90:
            handle(.flushed)
        case 90..<94:
            harness.now += Double.random(in: 0...30, using: &random)
            handle(.tick)
        case 94..<96 where index != 0:
            if let connection = clients[index].connection {
                inboxes[connection] = nil
                clients[index].connection = nil
                handle(.disconnected(connection))
            } else {
                connect(index)
            }
        case 96..<100 where index != 0:
            if clients[index].connection != nil, Int.random(in: 0..<3, using: &random) == 0 { connect(index) }
        default:
            break
        }
    }

    /// Opens a new connection for the client (replacing its current one, if any) and says hello.
    private mutating func connect(_ index: Int) {
        if let old = clients[index].connection { inboxes[old] = nil }
        let id = ConnectionID(nextConnection)
        nextConnection += 1
        clients[index].connection = id
        clients[index].welcomed = false
        clients[index].awaitingAnswer = false
        clients[index].heldItem = nil
        inboxes[id] = []
        let since = clients[index].replica?.version
        let client = clients[index]
        handle(.connected(id, role: .editor))
        handle(.received(id, .hello(.init(client: client.client, user: client.user, since: since))))
    }

    private mutating func submit(_ index: Int) {
        guard let connection = clients[index].connection, clients[index].welcomed else { return }
        let patience = index == 0 ? 3 : 10
        if clients[index].awaitingAnswer, Int.random(in: 0..<patience, using: &random) > 0 { return }
        var seq = clients[index].nextSeq
        if seq > 1, Int.random(in: 0..<20, using: &random) == 0 {
            seq -= 1
        } else {
            clients[index].nextSeq += 1
        }
        let op = clients[index].randomOp(using: &random)
        clients[index].awaitingAnswer = true
        handle(.received(connection, .submit(.init(seq: seq, base: clients[index].lastSeen, op: op))))
    }

    private mutating func dragStep(_ index: Int) {
        guard let connection = clients[index].connection, clients[index].welcomed,
            let board = clients[index].replica?.board
        else { return }
        if let held = clients[index].heldItem, let from = board.position(ofItem: held),
            Int.random(in: 0..<4, using: &random) > 0
        {
            if Int.random(in: 0..<6, using: &random) == 0 {
                handle(.received(connection, .drag(.cancel(item: held))))
                return
            }
            guard let section = board.sections.randomElement(using: &random) else { return }
            let count = section.items.count - (section.id == from.section ? 1 : 0)
            let to = Position(section: section.id, index: Int.random(in: 0...max(count, 0), using: &random))
            handle(.received(connection, .drag(.over(item: held, base: board.version, from: from, to: to))))
        } else if let item = board.sections.flatMap(\.items).randomElement(using: &random) {
            clients[index].heldItem = item.id
            handle(.received(connection, .drag(.begin(item: item.id))))
        }
    }

    private mutating func deliver(_ index: Int, count: Int) {
        guard let connection = clients[index].connection, var inbox = inboxes[connection] else { return }
        let taken = min(count, inbox.count)
        for message in inbox.prefix(taken) {
            if let problem = clients[index].read(message) {
                problems.append(problem)
                return
            }
        }
        inbox.removeFirst(taken)
        inboxes[connection] = inbox
    }

    private mutating func count(_ message: ServerMessage) {
        switch message {
        case .error(let error): seen[error.code.rawValue, default: 0] += 1
        case .ack(let ack) where ack.duplicate: seen["duplicate", default: 0] += 1
        case .ack(let ack) where ack.op == nil: seen["noop", default: 0] += 1
        case .welcome(let welcome):
            if case .ops = welcome.state {
                seen["catch-up", default: 0] += 1
            } else {
                seen["snapshot", default: 0] += 1
            }
        case .drag(let drag): seen["drag \(drag.reason?.rawValue ?? drag.action.rawValue)", default: 0] += 1
        default: break
        }
    }

    private mutating func handle(_ event: SequencerEvent) {
        let output = harness.handle(event)
        for commit in output.commits {
            if commit.version != lastCommittedVersion + 1 {
                problems.append("commit \(commit.version) after \(lastCommittedVersion)")
            }
            lastCommittedVersion = commit.version
            commits += 1
        }
        for outgoing in output.messages {
            count(outgoing.message)
            for connection in outgoing.connections {
                guard inboxes[connection] != nil else {
                    problems.append("message for \(connection), which is not open")
                    continue
                }
                inboxes[connection]?.append(outgoing.message)
            }
        }
        seen["close", default: 0] += output.closes.count
        for close in output.closes where inboxes[close.connection] != nil {
            problems.append("close of \(close.connection), which the client had already left")
        }
    }
}

@Suite struct SequencerOrderingTests {
    @Test(arguments: [UInt64(1), 2, 3, 0xB0A2D])
    func everyConnectionSeesVersionsInOrderWithoutGaps(seed: UInt64) {
        var simulation = SequencerSimulation(seed: seed, clientCount: 4)
        simulation.run(steps: 8_000)
        #expect(simulation.problems.isEmpty, "seed \(seed): \(simulation.problems.prefix(3))")
        #expect(simulation.commits > 300, "seed \(seed): only \(simulation.commits) commits")
        for path in [
            "noop", "duplicate", "in_flight", "stale", "locked", "catch-up", "snapshot", "close", "drag over",
            "drag deleted",
        ] {
            #expect(simulation.seen[path, default: 0] > 0, "seed \(seed): never saw \(path) in \(simulation.seen)")
        }
        #expect(simulation.harness.sequencer.version == simulation.commits, "seed \(seed)")
    }
}
