import BoardStore
import BoardSync
import Foundation
import WebSocketTransport

extension BoardService {
    /// Ends a turn: everything durable that the turn produced is committed in ONE transaction
    /// (group commit) on the commit queue, and only after it reached the disk are the turn's
    /// messages sent, in order. While a commit runs, the loop keeps reading: what arrives waits in
    /// `turn` and goes into the next commit, so batches grow with the load.
    func finishTurn() {
        while !turn.isEmpty, !commitInFlight {
            let results = turn
            turn = []
            let batch = commitBatch(for: results)
            if batch.isEmpty {
                sendTurn(results)
            } else {
                startCommit(batch, results)
            }
        }
    }

    private func startCommit(_ batch: CommitBatch, _ results: [TurnResult]) {
        commitInFlight = true
        let durable = durableSnapshots(after: batch)
        guard let server else {
            commitFinished(batch, results, error: Self.commit(batch, to: store), duration: 0, durable: durable)
            return
        }
        let store = self.store
        let target = ServiceThreadReference(self)
        commitQueue.async {
            let started = Self.now()
            let error = Self.commit(batch, to: store)
            let duration = Self.now() - started
            server.post {
                target.value.commitFinished(batch, results, error: error, duration: duration, durable: durable)
            }
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

    private static func commit(_ batch: CommitBatch, to store: any BoardStore) -> StoreError? {
        do {
            try store.commit(batch)
            return nil
        } catch {
            return error
        }
    }

    private func commitFinished(
        _ batch: CommitBatch, _ results: [TurnResult], error: StoreError?, duration: Double, durable: [String: Board]
    ) {
        commitInFlight = false
        if let error {
            log(.error, "storage failed; stopping without acknowledging", ["error": String(describing: error)])
            exit(70)
        }
        for (name, snapshot) in durable { boards[name]?.durableSnapshot = snapshot }
        metrics.commitDuration.observe(duration)
        if !batch.ops.isEmpty {
            metrics.commitBatchSize.observe(Double(batch.ops.count))
            metrics.opsCommitted += UInt64(batch.ops.count)
        }
        startNextCommit()
        sendTurn(results)
        finishTurn()
    }

    /// Hands what gathered during the finished commit to the commit queue before this one's
    /// messages go out, so the disk works while the loop encodes and writes them. Only a turn
    /// with something to commit starts early: one without is sent by `finishTurn`, after the
    /// messages it follows.
    private func startNextCommit() {
        guard !turn.isEmpty, !commitInFlight else { return }
        let batch = commitBatch(for: turn)
        guard !batch.isEmpty else { return }
        let results = turn
        turn = []
        startCommit(batch, results)
    }

    /// Waits for a running commit, then commits what the last turns left (the loop has stopped,
    /// so nothing is sent: clients that reconnect catch up).
    func commitRemainingAtExit() {
        commitQueue.sync {}
        guard !turn.isEmpty else { return }
        let batch = commitBatch(for: turn)
        turn = []
        if !batch.isEmpty, let error = Self.commit(batch, to: store) {
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
                batch.useId("main", kind: .section, on: name)
            }
            for committed in output.commits {
                let json = String(decoding: WireCodec.encodeOp(committed.op), as: UTF8.self)
                batch.append(
                    CommittedOp(
                        version: committed.version, client: committed.client, user: committed.user,
                        seq: committed.seq, opJSON: json, committedAt: committedAt),
                    to: name)
            }
            for update in output.lastSeqUpdates {
                batch.advanceSeq(of: update.client, on: name, to: update.seq)
            }
            for used in output.newIDs {
                batch.useId(used.id, kind: used.kind == .item ? .item : .section, on: name)
            }
            loaded.opsSinceSnapshot += output.commits.count
            if loaded.opsSinceSnapshot >= options.snapshotEvery, !snapshotBoards.contains(name) {
                snapshotBoards.append(name)
            }
        }
        for name in snapshotBoards {
            guard let loaded = boards[name] else { continue }
            let board = loaded.sequencer.snapshot
            let json = String(decoding: WireCodec.encodeBoard(board), as: UTF8.self)
            batch.addSnapshot(BoardSnapshot(version: board.version, json: json), of: name)
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
