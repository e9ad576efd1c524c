import BoardStore
import BoardSync
import Foundation

/// How a server learns of the ops other servers committed to the boards it serves, besides the
/// races it loses: a poll of the boards' heads about once a second (the backstop of the
/// hints), and reads of the ops above what it has for every board found behind, one read at a
/// time, off the service thread.
extension BoardService {
    /// Ops read per board at once; a board further behind is read again.
    static let catchUpChunk = 1_000

    /// Polls the store once `pollEvery` has passed, and again while boards are loaded.
    func armPoll() {
        guard let cluster, !cluster.pollArmed, let host else { return }
        cluster.pollArmed = true
        host.runLater(after: cluster.configuration.pollEvery) { [weak self] in
            guard let self, let cluster = self.cluster else { return }
            serviceThread.check()
            cluster.pollArmed = false
            guard !boards.isEmpty else { return }
            pollHeads()
            armPoll()
        }
    }

    /// Reads the heads of every loaded board and catches up those behind.
    func pollHeads() {
        guard let cluster, let host, !cluster.pollInFlight else { return }
        let names = boards.values.filter { $0.log != nil && !$0.awaitingCreation }.map(\.name).sorted()
        guard !names.isEmpty else { return }
        cluster.pollInFlight = true
        let store = cluster.store
        let target = ServiceThreadReference(self)
        cluster.readQueue.async {
            let heads = (try? store.headVersions(of: names)) ?? [:]
            host.post {
                target.value.cluster?.pollInFlight = false
                target.value.headsPolled(heads)
            }
        }
    }

    /// Heads read from the store (or announced by a hint): the boards behind them are caught up.
    func headsPolled(_ heads: [String: Int]) {
        serviceThread.check()
        guard let cluster else { return }
        for (name, head) in heads {
            guard let log = boards[name]?.log, head > log.durable.version else { continue }
            cluster.behind.insert(name)
        }
        catchUp()
    }

    /// Reads the newer ops of the boards found behind, unless a read is under way.
    func catchUp() {
        guard let cluster, let host, !cluster.readInFlight, !cluster.behind.isEmpty else { return }
        var versions: [String: Int] = [:]
        for name in cluster.behind {
            guard let log = boards[name]?.log else { continue }
            versions[name] = log.durable.version
        }
        cluster.behind = []
        guard !versions.isEmpty else { return }
        cluster.readInFlight = true
        let asked = versions
        let store = cluster.store
        let target = ServiceThreadReference(self)
        cluster.readQueue.async {
            let ops = try? store.opsAfter(asked, limit: Self.catchUpChunk)
            host.post { target.value.caughtUp(ops) }
        }
    }

    /// The newer ops of the boards asked for (nil when the read failed: the next poll asks again).
    private func caughtUp(_ found: [String: [SequencedOp]]?) {
        serviceThread.check()
        guard let cluster else { return }
        cluster.readInFlight = false
        endClusterTurns()
        let now = clock()
        for (name, ops) in found ?? [:] {
            guard let loaded = boards[name] else { continue }
            sendReleased(
                loaded,
                loaded.log?.committedElsewhere(ops, current: &loaded.sequencer, now: now) ?? [])
            if ops.count >= Self.catchUpChunk { cluster.behind.insert(name) }
        }
        receiveRemoteAhead()
        catchUp()
        finishClusterTurn()
    }
}
