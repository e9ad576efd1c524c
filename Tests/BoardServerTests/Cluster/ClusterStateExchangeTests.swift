import BoardStore
import BoardSync
import Locking
import TestSupport
import Testing

@testable import BoardServer

/// A channel the test drives: it keeps what the server publishes, and hands the server what
/// the test says the channel heard.
final class RecordingChannel: ClusterChannel, @unchecked Sendable {
    private let published = Locked<[ClusterMessage]>([])
    private let deliver = Locked<(@Sendable (ClusterChannelEvent) -> Void)?>(nil)

    func start(deliver: @escaping @Sendable (ClusterChannelEvent) -> Void) { self.deliver.withLock { $0 = deliver } }
    func publish(_ message: ClusterMessage) { published.withLock { $0.append(message) } }
    func stop() {}

    /// Reports `event` to the server, as the listener thread would.
    func hear(_ event: ClusterChannelEvent) { deliver.withLock { $0 }?(event) }

    var messages: [ClusterMessage] { published.withLock { $0 } }
}

/// What a server does with the states of other servers, and with its own, once its channel
/// listens again.
@Suite("cluster states between servers") struct ClusterStateExchangeTests {
    let channel = RecordingChannel()
    let server: InProcessServer

    init() throws {
        var configuration = ClusterConfiguration(
            store: FlakySharedStore(InMemoryBoardStore(retainedOps: 1_000)), node: "node1")
        configuration.channel = channel
        server = try InProcessServer(cluster: configuration)
        server.service.startClusterChannel()
    }

    func hear(_ event: ClusterChannelEvent) {
        channel.hear(event)
        server.run()
    }

    func hear(_ body: ClusterMessage.Body, from node: String = "node2") {
        hear(.received(ClusterMessage(node: node, body: body)))
    }

    static let bob = ServerMessage.Peer(client: "bob", user: "bob")

    @Test func listeningAgainAsksForEveryStateAndTellsItsOwn() throws {
        let (ann, _) = try server.joined(board: "team", client: "ann")
        server.settle()
        withExtendedLifetime(ann) { hear(.listening) }
        let sent = channel.messages.map(\.body)
        #expect(sent.contains(.want(board: nil)))
        #expect(sent.contains(.state(board: nil, ["team": .init(peers: [.init(client: "ann", user: "tester")])])))
    }

    @Test func aStateOfEveryBoardClearsTheBoardsItDoesNotList() throws {
        let (ann, _) = try server.joined(board: "team", client: "ann")
        server.settle()
        hear(.listening)
        hear(.activity(board: "team", .joined(client: "bob", user: "bob", node: "node2")))
        let joined = try ann.receive { $0.presenceValue }
        #expect(joined.client == "bob" && joined.action == .join)
        hear(.state(board: nil, ["elsewhere": .init(peers: [.init(client: "cy", user: "cy")])]))
        let left = try ann.receive { $0.presenceValue }
        #expect(left.client == "bob" && left.action == .leave)
    }

    @Test func aBeginGrantedWhileNotListeningYieldsToAStateListingTheItem() throws {
        let (ann, _) = try server.joined(board: "team", client: "ann")
        #expect(try ann.submit(seq: 1, base: 0, Ops.insert("tile")).ackValue != nil)
        hear(.listening)
        hear(.deaf)
        ann.send(.drag(.begin(item: "tile")))
        server.run()
        #expect(try ann.nextDrag().client == "ann")
        hear(.listening)
        let first = ServerMessage.Drag(action: .begin, client: "bob", user: "bob", item: "tile", version: 1)
        hear(.state(board: nil, ["team": .init(peers: [Self.bob], drags: [first])]))
        let refused = try ann.nextError()
        #expect(refused.code == .locked && refused.item == "tile")
        let shown = try ann.nextDrag()
        #expect(shown.client == "bob" && shown.action == .begin)
    }

    @Test func aBeginHeardBackInOrderKeepsItsItem() throws {
        let (ann, _) = try server.joined(board: "team", client: "ann")
        #expect(try ann.submit(seq: 1, base: 0, Ops.insert("tile")).ackValue != nil)
        hear(.listening)
        ann.send(.drag(.begin(item: "tile")))
        server.run()
        #expect(try ann.nextDrag().client == "ann")
        let echo = try #require(
            channel.messages.last { message in
                if case .activity(_, .drag(let drag, _)) = message.body { drag.action == .begin } else { false }
            })
        hear(.received(echo))
        let later = ServerMessage.Drag(action: .begin, client: "bob", user: "bob", item: "tile", version: 1)
        hear(.state(board: nil, ["team": .init(peers: [Self.bob], drags: [later])]))
        let seen = try ann.probe()
        #expect(!seen.contains { $0.errorValue?.code == .locked })
        #expect(!seen.contains { $0.dragValue?.client == "bob" })
        #expect(server.service.boards["team"]?.sequencer.locallyHeldItems == ["tile": "ann"])
    }
}
