import BoardSync
import Foundation
import TestSupport
import Testing
import WebSocketTransport

/// Thousands of random and mutated messages over a few connections: the server stays up, every
/// connection stays open unless it sent something that must close it, and the board changes only
/// by the ops the server acknowledged.
@Suite("fuzzing the server")
struct FuzzTests {
    static let connections = 3
    static let messagesPerConnection = 800

    @Test func randomAndMutatedMessagesOnlyChangeTheBoardThroughAckedOps() throws {
        let seed = TestSeed.fresh()
        print("fuzz seed \(seed) (\(TestSeed.rerun(seed)))")
        let server = try ServerProcess(arguments: [
            "--rate-burst", "1000000", "--rate-per-second", "1000000", "--log-level", "warn",
        ])
        defer { server.finish() }
        let url = server.url(board: "fuzz")
        let commits = Watched<[SequencedOp]>([])
        let problems = Watched<[String]>([])
        let forcedCloses = Watched<[UInt16]>([])
        DispatchQueue.concurrentPerform(iterations: Self.connections) { index in
            var session = FuzzSession(
                url: url, client: "fuzz\(index)",
                fuzz: FuzzMessages(generator: SeededGenerator(seed: seed &+ UInt64(index))),
                commits: commits, problems: problems, forcedCloses: forcedCloses)
            session.run(messages: Self.messagesPerConnection)
        }
        #expect(problems.value.isEmpty, "seed \(seed): \(problems.value.prefix(20))")
        #expect(try HTTPProbe.get(port: server.port, path: "/healthz").status == 200)
        let acked = commits.value.sorted { $0.version < $1.version }
        #expect(Set(acked.map(\.version)).count == acked.count, "seed \(seed): two acks for one version")
        let snapshot = try WireCodec.decodeBoard(
            Array(HTTPProbe.get(port: server.port, path: "/boards/fuzz").body.utf8))
        let (_, welcome) = try ProtocolClient.joined(url, user: "observer", since: 0)
        guard case .ops(let history) = welcome.state else {
            Issue.record("seed \(seed): expected the whole history, got \(welcome.state)")
            return
        }
        #expect(history.map(\.version) == (0..<history.count).map { $0 + 1 })
        #expect(history.count == snapshot.version)
        var oracle = BoardState(board: .initial(id: "fuzz"))
        for commit in history {
            #expect(
                oracle.apply(commit.op, limits: .default) == .apply,
                "seed \(seed): committed op \(commit.version) does not apply")
        }
        #expect(snapshot == oracle.board, "seed \(seed): the board is not its committed ops")
        for commit in acked {
            let stored = commit.version <= history.count ? history[commit.version - 1] : nil
            #expect(stored == commit, "seed \(seed): acked \(commit) but committed \(String(describing: stored))")
        }
        // An ack can be lost only when the connection was closed right after its submit (a
        // protocol close for a bad frame): the op was committed, its answer never sent.
        let unacknowledged = history.filter { committed in !acked.contains { $0.version == committed.version } }
        #expect(
            unacknowledged.count <= forcedCloses.value.count,
            "seed \(seed): ops committed without an ack: \(unacknowledged)")
        let ordered = acked
        #expect(ordered.count > 10, "seed \(seed): too few ops were committed to mean anything")
    }
}

/// One fuzzing connection: sends messages, reconnects after the ones that must close it, and
/// collects every op it had acknowledged.
struct FuzzSession {
    let url: String
    let client: ClientID
    var fuzz: FuzzMessages
    let commits: Watched<[SequencedOp]>
    let problems: Watched<[String]>
    let forcedCloses: Watched<[UInt16]>
    var seq = 0
    var version = 0
    var connection: ProtocolClient?

    init(
        url: String, client: ClientID, fuzz: FuzzMessages, commits: Watched<[SequencedOp]>,
        problems: Watched<[String]>,
        forcedCloses: Watched<[UInt16]>
    ) {
        self.url = url
        self.client = client
        self.fuzz = fuzz
        self.commits = commits
        self.problems = problems
        self.forcedCloses = forcedCloses
    }

    mutating func run(messages: Int) {
        connect()
        for _ in 0..<messages {
            guard let connection else { return }
            let roll = fuzz.int(0...99)
            switch roll {
            case 0..<25:
                seq += 1
                connection.send(.submit(.init(seq: seq, base: version, op: fuzz.op())))
                awaitAnswer(seq: seq)
            case 25..<35:
                seq += 1
                connection.sendRaw(fuzz.validText(seq: seq, base: version, client: client))
            case 35..<62:
                seq += 1
                connection.sendRaw(fuzz.mutated(fuzz.validText(seq: seq, base: version, client: client)))
            case 62..<77:
                connection.sendRaw(fuzz.randomJSON())
            case 77..<92:
                connection.sendRaw(fuzz.randomText(length: fuzz.int(0...40)))
            case 92..<95:
                var bytes = Array(fuzz.randomText(length: fuzz.int(0...10)).utf8)
                bytes.insert(fuzz.pick([0xFF, 0xC0, 0xED, 0xF8]), at: fuzz.int(0...bytes.count))
                connection.socket.connection.send(textBytes: bytes)
                expectClose(1007)
                continue
            case 95..<97:
                connection.socket.connection.sendBinary(Array(fuzz.randomJSON().utf8))
                expectClose(1003)
                continue
            case 97:
                connection.sendRaw(String(repeating: " ", count: 65_537))
                expectClose(1009)
                continue
            default:
                connection.sendRaw(
                    fuzz.mutated(
                        String(decoding: WireCodec.encode(.hello(.init(client: client, user: "again"))), as: UTF8.self))
                )
            }
            drain()
        }
        do {
            for message in try connection?.probe(timeout: 10) ?? [] { absorb(message) }
        } catch {
            problems.append("\(client): the final probe failed: \(error)")
        }
    }

    private mutating func connect() {
        do {
            let (joined, welcome) = try ProtocolClient.joined(url, client: client, user: "fuzzer")
            connection = joined
            absorb(.welcome(welcome))
        } catch {
            problems.append("\(client): cannot connect: \(error)")
            connection = nil
        }
    }

    private mutating func absorb(_ message: ServerMessage) {
        switch message {
        case .ack(let ack):
            version = max(version, ack.version)
            if let op = ack.op, !ack.duplicate {
                commits.append(.init(version: ack.version, client: client, user: "fuzzer", seq: 0, op: op))
            }
        case .op(let op):
            version = max(version, op.version)
        case .welcome(let welcome):
            if case .board(let board) = welcome.state { version = max(version, board.version) }
        default:
            break
        }
    }

    /// Takes every message already received, without waiting.
    private mutating func drain() {
        guard let connection else { return }
        while true {
            let next: BlockingWebSocket.Message
            do {
                next = try connection.socket.receive(timeout: 0)
            } catch {
                return
            }
            guard handle(next) else { return }
        }
    }

    /// Waits for the ack or error of `seq`.
    private mutating func awaitAnswer(seq: Int) {
        guard let connection else { return }
        let deadline = Date(timeIntervalSinceNow: 10)
        while deadline.timeIntervalSinceNow > 0 {
            guard let next = try? connection.socket.receive(timeout: deadline.timeIntervalSinceNow), handle(next) else {
                return
            }
            if case .text(let text) = next, let message = try? WireCodec.decodeServerMessage(Array(text.utf8)) {
                if message.ackValue?.seq == seq || message.errorValue?.seq == seq { return }
            }
        }
        problems.append("\(client): no answer to submit \(seq)")
    }

    /// Absorbs one received message; false when the connection ended (which is a problem here).
    private mutating func handle(_ next: BlockingWebSocket.Message) -> Bool {
        switch next {
        case .text(let text):
            do {
                absorb(try WireCodec.decodeServerMessage(Array(text.utf8)))
            } catch {
                problems.append("\(client): undecodable server message \(text.prefix(200))")
            }
            return true
        case .binary:
            problems.append("\(client): binary message from the server")
            return true
        case .closed(let code, let reason):
            problems.append("\(client): closed unexpectedly with \(String(describing: code)) \(reason)")
            connection = nil
            connect()
            return false
        }
    }

    /// Reads until the server closes the connection with `code`, then reconnects.
    private mutating func expectClose(_ code: UInt16) {
        guard let connection else { return }
        forcedCloses.append(code)
        let deadline = Date(timeIntervalSinceNow: 10)
        while true {
            guard let next = try? connection.socket.receive(timeout: max(0, deadline.timeIntervalSinceNow)) else {
                problems.append("\(client): no close \(code)")
                break
            }
            if case .closed(let actual, _) = next {
                if actual != code {
                    problems.append("\(client): closed with \(String(describing: actual)), expected \(code)")
                }
                break
            }
            _ = handle(next)
        }
        self.connection = nil
        connect()
    }
}
