import BoardStore
import BoardSync
import Foundation

/// How a node of a cluster learns of the ops other nodes committed to the boards it serves,
/// besides the races it loses: a poll of the boards' heads about once a second (the backstop of
/// the hints), and reads of the ops above what it has for every board found behind, one read at
/// a time, off the service thread. The ops read go through each board's turn log
/// (`TurnLog.committedElsewhere`).
extension ClusterLink {
    /// Ops read per board at once; a board further behind is read again.
    static let catchUpChunk = 1_000

    /// Polls the store once `pollEvery` has passed, and again while boards are loaded.
    func armPoll() {
        guard !pollArmed, let host = thread.host else { return }
        pollArmed = true
        host.runLater(after: configuration.pollEvery) { [weak self] in
            guard let self else { return }
            thread.check()
            pollArmed = false
            guard !boards.isEmpty else { return }
            pollHeads()
            armPoll()
        }
    }

    /// Reads the heads of every loaded board and catches up those behind.
    func pollHeads() {
        guard let host = thread.host, !pollInFlight else { return }
        let names = boards.sorted.filter { !$0.awaitingCreation }.map(\.name)
        guard !names.isEmpty else { return }
        pollInFlight = true
        let store = store
        let target = ServiceThreadReference(self)
        readQueue.async {
            let heads = (try? store.headVersions(of: names)) ?? [:]
            host.post {
                target.value.pollInFlight = false
                target.value.headsPolled(heads)
            }
        }
    }

    /// Heads read from the store (or announced by a hint): the boards behind them are caught up.
    func headsPolled(_ heads: [BoardName: Int]) {
        thread.check()
        for (name, head) in heads {
            guard let loaded = boards[name], head > loaded.log.durableBoard.version else { continue }
            behind.insert(name)
        }
        catchUp()
    }

    /// Reads the newer ops of the boards found behind, unless a read is under way.
    func catchUp() {
        guard let host = thread.host, !readInFlight, !behind.isEmpty else { return }
        var versions: [BoardName: Int] = [:]
        for name in behind {
            guard let loaded = boards[name] else { continue }
            versions[name] = loaded.log.durableBoard.version
        }
        behind = []
        guard !versions.isEmpty else { return }
        readInFlight = true
        let asked = versions
        let store = store
        let target = ServiceThreadReference(self)
        readQueue.async {
            let ops = try? store.opsAfter(asked, limit: Self.catchUpChunk)
            host.post { target.value.caughtUp(ops) }
        }
    }

    /// A full read without the members of a group whose last member it did not reach: they are
    /// read again with the rest of their group, so a board's clients get a group from another
    /// node whole, in one turn, as they get one from their own. (A group has at most 500 members,
    /// fewer than a read.)
    static func droppingUnfinishedGroup(_ ops: [SequencedOp]) -> [SequencedOp] {
        guard let last = ops.last, let group = last.group, group.last > last.version else { return ops }
        return Array(ops.prefix { $0.version < group.first })
    }

    /// The newer ops of the boards asked for (nil when the read failed: the next poll asks again).
    private func caughtUp(_ found: [BoardName: [SequencedOp]]?) {
        thread.check()
        readInFlight = false
        durability.endTurns()
        let now = clock()
        for (name, read) in found ?? [:] {
            guard let loaded = boards[name] else { continue }
            let ops = read.count >= Self.catchUpChunk ? Self.droppingUnfinishedGroup(read) : read
            durability.release(
                loaded, loaded.log.committedElsewhere(ops, current: &loaded.sequencer, now: now))
            if read.count >= Self.catchUpChunk { behind.insert(name) }
        }
        receiveRemoteAhead()
        catchUp()
        durability.finishTurn()
    }
}
