import BoardStore
import BoardSync
import Foundation

/// A node of a cluster's link to the other nodes sharing its store (docs/cluster.md). It follows
/// their commits (`ClusterLink+CatchUp`: hints, polls, reads of the ops they committed), and
/// tells them, through the `ClusterChannel`, of its own commits and of what its clients do:
/// presence and drags, beats, and requests for each other's state. A server not heard from for
/// `nodeTimeout` is taken for dead: its clients leave and their drags end (`left`) on every
/// board here.
final class ClusterLink: OtherServers {
    let configuration: ClusterConfiguration
    let boards: LoadedBoards
    unowned let durability: Durability
    let log: Log
    let clock: @Sendable () -> Double
    let thread: ServiceThread
    /// Catch-up reads and polls, off the service thread, one at a time.
    let readQueue = DispatchQueue(label: "board-server.cluster-read")
    var pollArmed = false
    var pollInFlight = false
    /// Boards known to be behind the store, to read the newer ops of.
    var behind: Set<BoardName> = []
    var readInFlight = false
    /// When each other server was last heard from, and those taken for dead since.
    private var lastHeard: [String: Double] = [:]
    private var lostNodes: Set<String> = []
    /// Whether the channel hears the others.
    private var listening = false
    /// The heads the commit being answered stored, published once it is.
    private var committedHeads: [BoardName: Int] = [:]
    var trashChangedElsewhere: (BoardName, Bool) -> Void = { _, _ in }

    init(
        configuration: ClusterConfiguration, boards: LoadedBoards, durability: Durability, log: Log,
        clock: @escaping @Sendable () -> Double, thread: ServiceThread
    ) {
        self.configuration = configuration
        self.boards = boards
        self.durability = durability
        self.log = log
        self.clock = clock
        self.thread = thread
    }

    var store: any SharedBoardStore { configuration.store }

    var isReading: Bool { readInFlight || pollInFlight }

    /// Starts the channel, if any (on the service thread, once the host is set).
    func start() {
        thread.check()
        guard let channel = configuration.channel, let host = thread.host else { return }
        let target = ServiceThreadReference(self)
        channel.start { event in host.post { target.value.channelEvent(event) } }
    }

    /// Tells the others this server stops, and stops the channel.
    func stop() {
        guard let channel = configuration.channel else { return }
        channel.publish(ClusterMessage(node: configuration.node, body: .bye))
        channel.stop()
    }

    /// A board loaded or created here: it is polled, and with a channel the others are asked
    /// for their clients on it and hear of this server's.
    func joined(_ loaded: LoadedBoard) {
        if configuration.channel != nil {
            loaded.node = configuration.node
            publish(.want(board: loaded.name))
        }
        armPoll()
    }

    func committed(_ board: BoardName, at version: Int) {
        committedHeads[board] = version
    }

    func commitAnswered() {
        if !committedHeads.isEmpty { publish(.committed(committedHeads)) }
        committedHeads = [:]
        receiveRemoteAhead()
    }

    func trashChanged(_ name: BoardName, deleted: Bool) {
        publish(deleted ? .deleted(board: name) : .restored(board: name))
    }

    func publish(_ body: ClusterMessage.Body) {
        guard let channel = configuration.channel else { return }
        channel.publish(ClusterMessage(node: configuration.node, body: body))
    }

    /// Publishes the activity of this server's clients noted since the last time.
    func turnsEnded() {
        guard configuration.channel != nil else { return }
        for loaded in boards.sorted {
            let name = loaded.name
            guard !loaded.activityOut.isEmpty else { continue }
            let out = loaded.activityOut
            loaded.activityOut = []
            for activity in out {
                if case .drag(let drag, _) = activity, drag.action != .over {
                    // A begin granted while the channel hears nothing may come after one missed.
                    // A block's begin leases every item of it.
                    for item in drag.heldItems {
                        loaded.beginsUnheard[item] = drag.action == .begin && !listening ? drag.client : nil
                        if drag.action == .begin, listening { loaded.beginsAwaitingEcho[item] = drag.client }
                    }
                }
                publish(.activity(board: name, activity))
            }
        }
    }

    /// Publishes the state of this server's clients on `board`, if loaded here, or on every
    /// board when nil (then also when it has none anywhere: the others drop what they knew).
    func publishStates(of board: BoardName?) {
        guard board.map({ boards[$0] != nil }) ?? true else { return }
        var states: [BoardName: ClusterMessage.BoardState] = [:]
        for name in board.map({ [$0] }) ?? boards.sorted.map(\.name) {
            guard let loaded = boards[name] else { continue }
            let activity = loaded.sequencer.localActivity
            // A drag whose begin another server published first is about to be handed over.
            let drags = activity.drags.filter { !$0.heldItems.contains { loaded.contestedBegins[$0] != nil } }
            let state = ClusterMessage.BoardState(peers: activity.peers, drags: drags)
            if !state.isEmpty { states[name] = state }
        }
        publish(.state(board: board, states))
    }

    /// Another server's state of `board` (of every board when nil): on each board here it
    /// covers, it replaces what was known of that server's clients. A drag it lists of an item
    /// this server granted without hearing its begin back (see `LoadedBoard.beginsUnheard`)
    /// came first: this server hands its own over.
    private func receiveState(_ states: [BoardName: ClusterMessage.BoardState], of board: BoardName?, from node: String)
    {
        for name in board.map({ [$0] }) ?? boards.sorted.map(\.name) {
            guard let loaded = boards[name] else { continue }
            let state = states[name] ?? .init()
            receiveRemote(.state(node: node, peers: state.peers, drags: state.drags), on: loaded)
            for drag in state.drags {
                let held = loaded.sequencer.locallyHeldItems
                let lost = drag.heldItems.filter { item in
                    guard let client = loaded.beginsUnheard.removeValue(forKey: item) else { return false }
                    return held[item] == client
                }
                guard let first = lost.first else { continue }
                log(
                    .info, "drag lease lost to another server",
                    ["board": name.rawValue, "item": first.rawValue, "node": node])
                receiveRemote(.leaseLost(drag, node: node), on: loaded)
            }
        }
    }

    func channelEvent(_ event: ClusterChannelEvent) {
        thread.check()
        durability.endTurns()
        switch event {
        case .listening:
            listening = true
            for loaded in boards.sorted {
                loaded.beginsUnheard.merge(loaded.beginsAwaitingEcho) { $1 }
                loaded.beginsAwaitingEcho = [:]
                loaded.contestedBegins = [:]
            }
            log(.info, "cluster channel listening", [:])
            publish(.want(board: nil))
            publishStates(of: nil)
            pollHeads()
        case .deaf:
            listening = false
            log(.warn, "cluster channel lost; reading the store until it is back", [:])
        case .received(let message):
            guard message.node != configuration.node else {
                heardBack(message)
                break
            }
            heard(message.node)
            switch message.body {
            case .committed(let heads): headsPolled(heads)
            case .beat: break
            case .want(let board): publishStates(of: board)
            case .state(let board, let states): receiveState(states, of: board, from: message.node)
            case .bye: nodeLost(message.node)
            case .deleted(let board): trashChangedElsewhere(board, true)
            case .restored(let board): trashChangedElsewhere(board, false)
            case .activity(let board, let activity):
                guard let loaded = boards[board] else { break }
                receiveRemote(activity, on: loaded)
            }
        }
        durability.finishTurn()
    }

    /// Hands another server's activity to the board, or keeps a drag at a version the board has
    /// not reached until it has (and reads the store meanwhile).
    func receiveRemote(_ activity: RemoteActivity, on loaded: LoadedBoard) {
        if case .drag(let drag, let node) = activity {
            for item in drag.heldItems {
                if drag.action == .begin, loaded.beginsAwaitingEcho[item] != nil, loaded.contestedBegins[item] == nil {
                    loaded.contestedBegins[item] = (drag, node)
                } else if drag.action == .cancel, loaded.contestedBegins[item]?.begin.client == drag.client {
                    loaded.contestedBegins[item] = nil
                }
            }
        }
        if activity.version(ahead: loaded.sequencer.version) {
            if loaded.remoteAhead.count < 256 { loaded.remoteAhead.append(activity) }
            behind.insert(loaded.name)
            catchUp()
            return
        }
        boards.handle(.remote(activity), on: loaded, now: clock())
    }

    /// Hands over the kept drags of other servers that the boards have now reached.
    func receiveRemoteAhead() {
        for loaded in boards.sorted {
            guard !loaded.remoteAhead.isEmpty else { continue }
            let kept = loaded.remoteAhead
            loaded.remoteAhead = []
            for activity in kept { receiveRemote(activity, on: loaded) }
        }
    }

    /// Once a second: a beat, and servers not heard from for too long are taken for dead.
    func tick() {
        guard configuration.channel != nil else { return }
        publish(.beat)
        let now = clock()
        for (node, heard) in lastHeard.sorted(by: { $0.key < $1.key }) where now - heard >= configuration.nodeTimeout {
            nodeLost(node)
        }
    }

    /// One of this server's own messages, heard back in the order every server hears it: a
    /// begin another server published first wins its item (see `RemoteActivity.leaseLost`).
    private func heardBack(_ message: ClusterMessage) {
        guard case .activity(let board, .drag(let drag, _)) = message.body, drag.action == .begin,
            let loaded = boards[board]
        else { return }
        var firsts: [(begin: ServerMessage.Drag, node: String)] = []
        for item in drag.heldItems where loaded.beginsAwaitingEcho[item] == drag.client {
            loaded.beginsAwaitingEcho[item] = nil
            guard let first = loaded.contestedBegins.removeValue(forKey: item),
                !firsts.contains(where: { $0.begin == first.begin && $0.node == first.node })
            else { continue }
            firsts.append(first)
        }
        for first in firsts {
            log(
                .info, "drag lease lost to another server",
                ["board": board.rawValue, "item": first.begin.item.rawValue, "node": first.node])
            receiveRemote(.leaseLost(first.begin, node: first.node), on: loaded)
        }
    }

    private func heard(_ node: String) {
        if lastHeard.updateValue(clock(), forKey: node) == nil, lostNodes.remove(node) != nil {
            publish(.want(board: nil))
        }
    }

    private func nodeLost(_ node: String) {
        guard lastHeard.removeValue(forKey: node) != nil || !lostNodes.contains(node) else { return }
        lostNodes.insert(node)
        log(.warn, "cluster node gone", ["node": node])
        for loaded in boards.sorted {
            boards.handle(.remote(.nodeLost(node)), on: loaded, now: clock())
        }
    }
}

extension RemoteActivity {
    /// Whether a drag in it is at a version above `version`.
    fileprivate func version(ahead version: Int) -> Bool {
        switch self {
        case .drag(let drag, _), .leaseLost(let drag, _): drag.version > version
        case .state(_, _, let drags): drags.contains { $0.version > version }
        default: false
        }
    }
}
