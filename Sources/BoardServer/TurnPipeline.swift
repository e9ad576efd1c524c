import BoardStore

/// Orders every turn's messages behind durability: a turn is sent only once what it committed,
/// and what every turn before it committed, is on disk, and turns are sent in the order they
/// ended. Pure: `handle` takes an event and returns the actions; `BoardService` carries them out
/// (hands batches to the group committer, sends, stops the process).
///
/// Each batch gets the next ticket. The committer reports the highest ticket a transaction made
/// durable, which covers every lower one, so one completion can release several turns. A turn
/// with nothing to commit still waits for the turns before it. After a failed commit nothing is
/// sent any more: an acknowledgement must never announce an op that is not durable.
struct TurnPipeline<Turn, Batch> {
    /// What happened.
    enum Event {
        /// A turn ended with `turn` to send once `batch` (nil: nothing to commit) and every
        /// batch before it are durable.
        case turnEnded(Turn, batch: Batch?)
        /// Every batch up to `ticket` is durable.
        case commitCompleted(ticket: UInt64)
        /// A commit failed; nothing of it or after it is durable.
        case commitFailed(StoreError)
    }

    /// What to do, in this order.
    enum Action {
        /// Make `batch` durable and report its completion with `ticket`.
        case commit(Batch, ticket: UInt64)
        /// Send the turn's messages now.
        case send(Turn)
        /// Storage failed: stop without sending anything more.
        case stop(StoreError)
    }

    private struct Waiting {
        let turn: Turn
        /// The ticket of the turn's own batch; nil when it committed nothing.
        let ticket: UInt64?
    }

    /// The ticket of the last batch handed out for commit.
    private(set) var lastTicket: UInt64 = 0
    /// Every ticket up to this one is durable.
    private(set) var durableTicket: UInt64 = 0
    /// A commit failed; the pipeline only swallows events from now on.
    private(set) var stopped = false
    /// Turns waiting, in the order they ended.
    private var waiting: [Waiting] = []

    /// Whether no turn waits for a commit.
    var isIdle: Bool { waiting.isEmpty }

    /// The number of turns waiting for commits.
    var waitingTurns: Int { waiting.count }

    mutating func handle(_ event: Event) -> [Action] {
        guard !stopped else { return [] }
        switch event {
        case .turnEnded(let turn, let batch):
            guard let batch else {
                if waiting.isEmpty { return [.send(turn)] }
                waiting.append(Waiting(turn: turn, ticket: nil))
                return []
            }
            lastTicket += 1
            waiting.append(Waiting(turn: turn, ticket: lastTicket))
            return [.commit(batch, ticket: lastTicket)]
        case .commitCompleted(let ticket):
            precondition(ticket <= lastTicket, "completion of ticket \(ticket), only \(lastTicket) handed out")
            durableTicket = max(durableTicket, ticket)
            let ready = waiting.prefix { $0.ticket.map { $0 <= durableTicket } ?? true }
            waiting.removeFirst(ready.count)
            return ready.map { .send($0.turn) }
        case .commitFailed(let error):
            stopped = true
            waiting.removeAll()
            return [.stop(error)]
        }
    }
}

extension TurnPipeline.Action: Equatable where Turn: Equatable, Batch: Equatable {}
