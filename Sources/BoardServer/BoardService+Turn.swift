import BoardStore
import BoardSync
import Foundation
import WebSocketTransport

extension BoardService {
    /// Ends a turn: everything durable that the turn produced goes to the group committer as one
    /// batch, and the turn's messages wait until that batch reached the disk. The committer puts
    /// every batch that arrived during a commit into the next transaction, so batches grow with
    /// the load while the loop keeps reading. Messages always go out in the order the turns
    /// produced them: a turn with nothing to commit still waits for the turns before it.
    func finishTurn() {
        while !turn.isEmpty {
            let results = turn
            turn = []
            let batch = commitBatch(for: results)
            if batch.isEmpty {
                if awaitingDurability.isEmpty {
                    sendTurn(results)
                } else {
                    awaitingDurability.append(PendingTurn(results: results, ticket: nil, durable: [:]))
                }
                continue
            }
            lastTicket += 1
            awaitingDurability.append(
                PendingTurn(results: results, ticket: lastTicket, durable: durableSnapshots(after: batch)))
            submit(batch, ticket: lastTicket)
        }
    }

    private func submit(_ batch: CommitBatch, ticket: UInt64) {
        guard let server else {
            commitCompleted(committer.commitNow(batch, ticket: ticket))
            return
        }
        let target = ServiceThreadReference(self)
        committer.submit(batch, ticket: ticket) { completion in
            server.post { target.value.commitCompleted(completion) }
        }
    }

    /// The boards a batch commits ops of, as they will be once it is durable: every result of
    /// the batch has been produced, so each sequencer is exactly there now.
    private func durableSnapshots(after batch: CommitBatch) -> [String: Board] {
        var snapshots: [String: Board] = [:]
        for record in batch.ops where snapshots[record.board] == nil {
            snapshots[record.board] = boards[record.board]?.sequencer.snapshot
        }
        return snapshots
    }

    /// Sends, in order, every waiting turn the completed transaction made durable and the turns
    /// without a commit right behind them.
    private func commitCompleted(_ completion: GroupCommitter.Completion) {
        if let error = completion.error {
            log(.error, "storage failed; stopping without acknowledging", ["error": String(describing: error)])
            exit(70)
        }
        metrics.commitDuration.observe(completion.duration)
        if completion.ops > 0 {
            metrics.commitBatchSize.observe(Double(completion.ops))
            metrics.opsCommitted += UInt64(completion.ops)
        }
        var sendable = 0
        for pending in awaitingDurability {
            if let ticket = pending.ticket, ticket > completion.ticket { break }
            sendable += 1
        }
        let ready = awaitingDurability.prefix(sendable)
        awaitingDurability.removeFirst(sendable)
        for pending in ready {
            for (name, snapshot) in pending.durable { boards[name]?.durableSnapshot = snapshot }
            sendTurn(pending.results)
        }
        finishTurn()
    }

    /// Waits for the commits under way, then commits what the last turns left (the loop has
    /// stopped, so nothing is sent: clients that reconnect catch up).
    func commitRemainingAtExit() {
        committer.waitUntilIdle()
        guard !turn.isEmpty else { return }
        let batch = commitBatch(for: turn)
        turn = []
        if !batch.isEmpty, let error = committer.commitNow(batch).error {
            log(.error, "storage failed at exit", ["error": String(describing: error)])
        }
    }

    /// Sends a committed turn's messages in order, then tells the boards they were flushed.
    private func sendTurn(_ results: [TurnResult]) {
        var touched: [String] = []
        var seen: Set<String> = []
        for result in results {
            switch result {
            case .sequencer(let board, let output):
                send(output, board: board)
                if seen.insert(board).inserted { touched.append(board) }
            case .direct(let connection, let message):
                deliver(message, to: [connection], board: nil)
            }
        }
        for name in touched {
            guard let loaded = boards[name] else { continue }
            record(name, loaded.sequencer.handle(.flushed, now: Self.now()))
        }
    }

    private func commitBatch(for results: [TurnResult]) -> CommitBatch {
        var batch = CommitBatch()
        let committedAt = Int(Date().timeIntervalSince1970 * 1000)
        var snapshotBoards: [String] = []
        for case .sequencer(let name, let output) in results {
            guard let loaded = boards[name] else { continue }
            if loaded.awaitingCreation {
                loaded.awaitingCreation = false
                batch.createBoard(name)
                batch.useID("main", kind: .section, on: name)
            }
            batch.append(output, of: name, committedAt: committedAt)
            loaded.opsSinceSnapshot += output.commits.count
            if loaded.opsSinceSnapshot >= options.snapshotEvery, !snapshotBoards.contains(name) {
                snapshotBoards.append(name)
            }
        }
        for name in snapshotBoards {
            guard let loaded = boards[name] else { continue }
            batch.addSnapshot(loaded.sequencer.snapshot)
            loaded.opsSinceSnapshot = 0
        }
        return batch
    }

    private func send(_ output: SequencerOutput, board: String) {
        for outgoing in output.messages {
            deliver(outgoing.message, to: outgoing.connections, board: board)
        }
        for close in output.closes {
            guard let connection = connections[close.connection] else { continue }
            metrics.closesByCode[close.reason.code, default: 0] += 1
            connection.close(code: close.reason.code, reason: "replaced by a newer connection")
        }
    }

    /// Encodes a message once and queues the same frame on every recipient.
    private func deliver(_ message: ServerMessage, to recipients: [ConnectionID], board: String?) {
        let key = Self.coalescingKey(of: message)
        let frame = OutboundFrame(bytes: WireCodec.encode(message), coalescingKey: key, mayWait: key != nil)
        let now = Self.now()
        for id in recipients {
            guard let connection = connections[id] else { continue }
            connection.send(frame)
            metrics.messagesSent += 1
            metrics.bytesSent += UInt64(frame.count)
            guard let context = connection.userData as? ConnectionContext else { continue }
            switch message {
            case .ack:
                if let received = context.submitReceivedAt {
                    metrics.ackLatency.observe(now - received)
                    context.submitReceivedAt = nil
                }
            case .error(let report):
                if report.seq != nil { context.submitReceivedAt = nil }
                metrics.errorsByCode[report.code.rawValue, default: 0] += 1
                log(
                    .info, "error sent",
                    [
                        "board": context.board, "conn": id.description, "client": context.client ?? "-",
                        "code": report.code.rawValue, "message": report.message,
                    ])
            default:
                break
            }
        }
    }

    /// Drag `over` positions of one item supersede each other (protocol: the server may drop
    /// intermediate ones, never the latest): a connection that falls behind gets only the newest
    /// one still unsent. Every other message must arrive, so it has no key. Keyed positions may
    /// also wait a few milliseconds (`deferredFrameDelay`) to go out in one write with the
    /// positions of other drags, or with the next message that cannot wait.
    static func coalescingKey(of message: ServerMessage) -> String? {
        guard case .drag(let drag) = message, drag.action == .over else { return nil }
        return "drag:" + drag.item
    }
}
