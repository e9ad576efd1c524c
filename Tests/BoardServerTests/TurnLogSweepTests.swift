import BoardSync
import TestSupport
import Testing

@testable import BoardServer

/// Several servers sharing one board's store, each with its own turn log (replaying) and clients,
/// in random interleavings of submits, turn ends, commits that win, lose or fail, and polls of
/// the store: every client sees one order with no gap, ends on the store's board, and every
/// acknowledged op is in the store exactly once at the version its ack named.
@Suite("turn logs that replay, several servers")
struct TurnLogSweepTests {
    static let board = Board.sample

    /// The shared store: the board's committed ops.
    struct Store {
        var ops: [SequencedOp] = []

        /// Takes the ops of one server's commit when they continue the board; else the newer ops.
        mutating func commit(_ outputs: [SequencerOutput]) -> [SequencedOp]? {
            let commits = outputs.flatMap(\.commits)
            guard let first = commits.first else { return nil }
            guard first.version == ops.count + 1 else { return Array(ops[(first.version - 1)...]) }
            ops += commits
            return nil
        }
    }

    /// A client of one server: a replica built only from what it received.
    struct Client {
        let name: String
        let connection: ConnectionID
        var replica: BoardState?
        var nextSeq = 1
        var awaiting: Int?
        var answers: [Int: Int] = [:]
        var acked: [Int: (version: Int, op: Op)] = [:]
        var created = 0
        var problems: [String] = []

        mutating func read(_ message: ServerMessage) {
            switch message {
            case .welcome(let welcome):
                guard case .board(let board) = welcome.state else { return problems.append("catch-up welcome") }
                replica = BoardState(board: board)
            case .op(let committed):
                apply(committed.op, version: committed.version)
            case .ack(let ack):
                guard awaiting == ack.seq else { return problems.append("\(name): ack of \(ack.seq) unasked") }
                awaiting = nil
                answers[ack.seq, default: 0] += 1
                if let op = ack.op, ack.duplicate != true {
                    apply(op, version: ack.version)
                    acked[ack.seq] = (ack.version, op)
                }
            case .error(let report):
                guard let seq = report.seq, awaiting == seq else { return }
                awaiting = nil
                answers[seq, default: 0] += 1
            case .drag, .presence:
                break
            }
        }

        private mutating func apply(_ op: Op, version: Int) {
            guard var state = replica else { return problems.append("\(name): op before welcome") }
            guard version == state.version + 1 else {
                return problems.append("\(name): version \(version) after \(state.version)")
            }
            guard state.apply(op, limits: .unlimited) == .apply else {
                return problems.append("\(name): op \(version) does not apply")
            }
            replica = state
        }

        /// A random op against the replica, submitted with the next seq.
        mutating func submission(using random: inout SeededGenerator) -> ClientMessage.Submit? {
            guard awaiting == nil, let state = replica else { return nil }
            let sections = state.board.sections
            let items = sections.flatMap { section in section.items.indices.map { (section.id, $0, section.items[$0]) }
            }
            let op: Op
            switch items.isEmpty ? 3 : Int.random(in: 0..<4, using: &random) {
            case 0, 1:
                let (section, index, item) = items.randomElement(using: &random)!
                let target = sections.randomElement(using: &random)!
                let count = target.items.count - (target.id == section ? 1 : 0)
                op = .move(
                    item: item.id, from: .init(section: section, index: index),
                    to: .init(section: target.id, index: Int.random(in: 0...count, using: &random)))
            case 2:
                let (section, index, item) = items.randomElement(using: &random)!
                op =
                    Bool.random(using: &random)
                    ? .delete(item: item.id, from: .init(section: section, index: index))
                    : .update(item: item.id, label: "\(name) \(nextSeq)")
            default:
                guard let target = sections.randomElement(using: &random) else { return nil }
                created += 1
                op = .insert(
                    item: Item(id: "\(name)-\(created)", label: "new"),
                    to: .init(section: target.id, index: Int.random(in: 0...target.items.count, using: &random)))
            }
            defer { nextSeq += 1 }
            awaiting = nextSeq
            return .init(seq: nextSeq, base: state.version, op: op)
        }
    }

    /// One server: its turn log, its current sequencer, its commit under way and what it
    /// sent but its clients have not read yet.
    struct Server {
        var log: TurnLog
        var current: Sequencer
        var ticket: UInt64 = 0
        var inFlight: (ticket: UInt64, outputs: [SequencerOutput])?
        var inbox: [ConnectionID: [ServerMessage]] = [:]
        var racesLost = 0

        init() {
            current = Sequencer(state: BoardState(board: TurnLogSweepTests.board))
            log = TurnLog(board: current, snapshotEvery: 1_000, replays: true)
        }

        mutating func handle(_ event: SequencerEvent, now: Double) {
            let output = current.handle(event, now: now)
            log.append(.event(event, now: now), result: .sequencer(output), boardAfter: current.snapshot, now: now)
        }

        /// Sends results; after a send the sequencer is told the turn was flushed, as the shell does.
        mutating func send(_ results: [TurnLog.Result], now: Double) {
            var sentAny = false
            for result in results {
                switch result {
                case .sequencer(let output):
                    for outgoing in output.messages {
                        for id in outgoing.connections { inbox[id, default: []].append(outgoing.message) }
                        sentAny = true
                    }
                case .direct(let id, let message):
                    inbox[id, default: []].append(message)
                    sentAny = true
                }
            }
            guard sentAny else { return }
            handle(.flushed, now: now)
            send(log.endTurn(board: current.snapshot), now: now)
        }

        mutating func endTurn(now: Double) {
            send(log.endTurn(board: current.snapshot), now: now)
        }

        mutating func startCommit(now: Double) {
            endTurn(now: now)
            guard inFlight == nil, log.hasWaitingCommits else { return }
            ticket += 1
            inFlight = (ticket, log.takeForCommit(ticket: ticket)?.outputs ?? [])
        }

        mutating func finishCommit(in store: inout Store, fails: Bool, now: Double) {
            guard let commit = inFlight else { return }
            inFlight = nil
            if fails {
                log.notCommitted(through: commit.ticket)
            } else if let newer = store.commit(commit.outputs) {
                racesLost += 1
                send(log.conflicted(through: commit.ticket, newer: newer, current: &current, now: now), now: now)
            } else {
                send(log.committed(through: commit.ticket, current: &current, now: now), now: now)
            }
        }

        mutating func poll(_ store: Store, now: Double) {
            endTurn(now: now)
            let newer = store.ops.filter { $0.version > log.durableBoard.version }
            guard !newer.isEmpty else { return }
            send(log.committedElsewhere(newer, current: &current, now: now), now: now)
        }
    }

    @Test(arguments: TestSeed.sweep(count: 60, from: 0x5E_0000))
    func everyClientSeesOneOrderAndEveryAckIsStoredOnce(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var store = Store()
        var servers = [Server(), Server(), Server()]
        var clients: [(server: Int, client: Client)] = []
        var now = 1.0
        for index in 0..<6 {
            let server = index % servers.count
            let id = ConnectionID(UInt64(index + 1))
            let name = "c\(index)"
            servers[server].handle(.connected(id, role: .editor), now: now)
            servers[server].handle(.received(id, .hello(.init(client: ClientID(name), user: name))), now: now)
            servers[server].endTurn(now: now)
            clients.append((server, Client(name: name, connection: id)))
        }

        func deliver() {
            for index in clients.indices {
                let (server, client) = clients[index]
                let messages = servers[server].inbox.removeValue(forKey: client.connection) ?? []
                for message in messages { clients[index].client.read(message) }
            }
        }

        for _ in 0..<800 {
            now += 0.01
            let server = Int.random(in: 0..<servers.count, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1, 2:
                let index = Int.random(in: 0..<clients.count, using: &random)
                let (home, _) = clients[index]
                if let submit = clients[index].client.submission(using: &random) {
                    servers[home].handle(.received(clients[index].client.connection, .submit(submit)), now: now)
                }
            case 3: servers[server].endTurn(now: now)
            case 4, 5: servers[server].startCommit(now: now)
            case 6, 7:
                servers[server].finishCommit(in: &store, fails: Int.random(in: 0..<8, using: &random) == 0, now: now)
            case 8: servers[server].poll(store, now: now)
            default: deliver()
            }
        }
        for _ in 0..<200 {
            now += 0.01
            for index in servers.indices {
                servers[index].startCommit(now: now)
                servers[index].finishCommit(in: &store, fails: false, now: now)
                servers[index].poll(store, now: now)
            }
            deliver()
            if servers.allSatisfy({ $0.log.isIdle && $0.inFlight == nil }) { break }
        }
        for index in servers.indices { servers[index].poll(store, now: now) }
        deliver()

        let final = store.ops.reduce(into: BoardState(board: Self.board)) { state, op in
            #expect(state.apply(op.op, limits: .unlimited) == .apply, "store op \(op.version), seed \(seed)")
        }
        let keys = store.ops.map { "\($0.client)#\($0.seq)" }
        #expect(Set(keys).count == keys.count, "an op stored twice, seed \(seed)")
        for (_, client) in clients {
            #expect(client.problems.isEmpty, "\(client.problems), seed \(seed)")
            #expect(client.awaiting == nil, "\(client.name) unanswered, seed \(seed)")
            #expect(client.answers.values.allSatisfy { $0 == 1 }, "\(client.name) answered twice, seed \(seed)")
            #expect(client.replica?.board == final.board, "\(client.name) diverged, seed \(seed)")
            for (seq, ack) in client.acked {
                let stored = store.ops.indices.contains(ack.version - 1) ? store.ops[ack.version - 1] : nil
                #expect(
                    stored?.client.rawValue == client.name && stored?.seq == seq && stored?.op == ack.op,
                    "\(client.name) #\(seq) acked at \(ack.version) but not stored there, seed \(seed)")
            }
        }
        #expect(store.ops.count > 25, "the sweep committed too little to mean much: \(store.ops.count)")
        #expect(servers.map(\.racesLost).reduce(0, +) > 0, "no server lost a race, seed \(seed)")
    }
}
