import BoardStore
import BoardSync
import Foundation
import ServerTransport

extension BoardService {
    /// Ends a turn: everything durable that the turn produced goes to the pipeline as one batch
    /// (the shell decides what to store: the sequencers' outputs, board creations, snapshots),
    /// and the pipeline says when its messages may go. The group committer puts every batch
    /// that arrived during a commit into the next transaction, so batches grow with the load
    /// while the loop keeps reading.
    func finishTurn() {
        guard cluster == nil else {
            finishClusterTurn()
            return
        }
        while !turn.isEmpty {
            let results = turn
            turn = []
            let batch = commitBatch(for: results)
            let committed = CommittedTurn(
                results: results, durable: batch.isEmpty ? [:] : durableSnapshots(after: batch))
            perform(pipeline.handle(.turnEnded(committed, batch: batch.isEmpty ? nil : batch)))
        }
    }

    /// Carries out what the pipeline asked for, in order.
    private func perform(_ actions: [TurnPipeline<CommittedTurn, CommitBatch>.Action]) {
        for action in actions {
            switch action {
            case .commit(let batch, let ticket):
                submit(batch, ticket: ticket)
            case .send(let committed):
                for (name, snapshot) in committed.durable { boards[name]?.durableSnapshot = snapshot }
                sendTurn(committed.results)
            case .stop(let error):
                log(.error, "storage failed; stopping without acknowledging", ["error": String(describing: error)])
                storageFailed(error)
            }
        }
    }

    private func submit(_ batch: CommitBatch, ticket: UInt64) {
        guard let host else {
            commitCompleted(committer.commitNow(batch, ticket: ticket))
            return
        }
        let target = ServiceThreadReference(self)
        committer.submit(batch, ticket: ticket) { completion in
            host.post { target.value.commitCompleted(completion) }
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

    /// Records a finished transaction, sends what it made sendable, and ends the turn those
    /// sends produced.
    private func commitCompleted(_ completion: GroupCommitter.Completion) {
        serviceThread.check()
        if let error = completion.error {
            perform(pipeline.handle(.commitFailed(error)))
            return
        }
        metrics.commitDuration.observe(completion.duration)
        if completion.ops > 0 {
            metrics.commitBatchSize.observe(Double(completion.ops))
            metrics.opsCommitted += UInt64(completion.ops)
        }
        perform(pipeline.handle(.commitCompleted(ticket: completion.ticket)))
        finishTurn()
    }

    /// Waits for the commits under way, then commits what the last turns left (the loop has
    /// stopped, so nothing is sent: clients that reconnect catch up). After a storage failure
    /// nothing more is committed.
    func commitRemainingAtExit() {
        serviceThread.check()
        if let cluster {
            cluster.committer.waitUntilIdle()
            return
        }
        committer.waitUntilIdle()
        guard !turn.isEmpty, !pipeline.stopped else { return }
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
                deliver(message, to: [connection])
            }
        }
        for name in touched {
            guard let loaded = boards[name] else { continue }
            record(name, loaded.handle(.flushed, now: clock()))
        }
    }

    /// Everything durable of a turn: the sequencers' outputs, the creation of boards that said
    /// their first hello (with their initial state as the snapshot at version 0), and the
    /// snapshots their boards took every `snapshotEvery` ops (`LoadedBoard.countCommits`).
    private func commitBatch(for results: [TurnResult]) -> CommitBatch {
        var batch = CommitBatch()
        let committedAt = wallClock()
        var snapshotBoards: [LoadedBoard] = []
        for case .sequencer(let name, let output) in results {
            guard let loaded = boards[name] else { continue }
            if loaded.awaitingCreation {
                loaded.awaitingCreation = false
                batch.createBoard(name)
                batch.useID("main", kind: .section, on: name)
                batch.addSnapshot(.initial(id: name))
            }
            batch.append(output, of: name, committedAt: committedAt)
            if !loaded.snapshotsDue.isEmpty, !snapshotBoards.contains(where: { $0 === loaded }) {
                snapshotBoards.append(loaded)
            }
        }
        for loaded in snapshotBoards {
            for snapshot in loaded.snapshotsDue { batch.addSnapshot(snapshot) }
            loaded.snapshotsDue = []
        }
        return batch
    }

    func send(_ output: SequencerOutput, board: String) {
        for outgoing in output.messages {
            deliver(outgoing.message, to: outgoing.connections)
        }
        for close in output.closes {
            guard let context = connections[close.connection] else { continue }
            metrics.closesByCode[close.reason.code, default: 0] += 1
            context.session.close(code: close.reason.code, reason: "replaced by a newer connection")
        }
    }

    /// Encodes a message once and queues the same frame on every recipient. A broadcast costs
    /// each recipient one lookup and one queued reference to the shared frame; the bookkeeping
    /// of answers (`ack`, `error`), which have one recipient, is done apart.
    func deliver(_ message: ServerMessage, to recipients: [ConnectionID]) {
        let key = Self.coalescingKey(of: message)
        let frame = OutboundFrame(bytes: WireCodec.encode(message), coalescingKey: key, mayWait: key != nil)
        var sent: UInt64 = 0
        for id in recipients {
            guard let context = connections[id] else { continue }
            context.session.send(frame)
            sent += 1
        }
        metrics.messagesSent += sent
        metrics.bytesSent += sent * UInt64(frame.count)
        switch message {
        case .ack, .error:
            for id in recipients {
                guard let context = connections[id] else { continue }
                account(message, sentTo: context)
            }
        default:
            break
        }
    }

    /// Records an answer sent to `context`: the ack latency of its submit, or the error.
    private func account(_ message: ServerMessage, sentTo context: ConnectionContext) {
        switch message {
        case .ack:
            if let received = context.submitReceivedAt {
                metrics.ackLatency.observe(clock() - received)
                context.submitReceivedAt = nil
            }
        case .error(let report):
            if report.seq != nil { context.submitReceivedAt = nil }
            metrics.errorsByCode[report.code.rawValue, default: 0] += 1
            log(
                .info, "error sent",
                [
                    "board": context.board, "conn": context.id.description, "client": context.client?.rawValue ?? "-",
                    "code": report.code.rawValue, "message": report.message,
                ])
        default:
            break
        }
    }

    /// Drag `over` positions of one item supersede each other (protocol: the server may drop
    /// intermediate ones, never the latest): a connection that falls behind gets only the newest
    /// one still unsent. Every other message must arrive, so it has no key. Keyed positions may
    /// also wait a few milliseconds (`deferredFrameDelay`) to go out in one write with the
    /// positions of other drags, or with the next message that cannot wait.
    static func coalescingKey(of message: ServerMessage) -> String? {
        guard case .drag(let drag) = message, drag.action == .over else { return nil }
        return "drag:" + drag.item.rawValue
    }
}
