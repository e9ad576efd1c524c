import BoardSync
import Testing

@testable import BoardServer

/// The text the servers of a cluster exchange, and what a server tells of its clients' events.
@Suite("cluster messages") struct ClusterMessageTests {
    static let drag = ServerMessage.Drag(
        action: .over, client: "c-1", user: "zoë \"z\"\nnew line", item: "tile",
        from: Position(section: "main", index: 2), to: Position(section: "done", index: 0), version: 41)

    static let messages: [ClusterMessage] = [
        .init(node: "n1", body: .committed(["a": 3, "b-2": 10])),
        .init(node: "n1", body: .beat),
        .init(node: "n1", body: .want(board: nil)),
        .init(node: "n1", body: .want(board: "demo")),
        .init(node: "n1", body: .bye),
        .init(node: "n1", body: .activity(board: "demo", .joined(client: "c-1", user: "zoë", node: "n1"))),
        .init(node: "n1", body: .activity(board: "demo", .left(client: "c-1", node: "n1"))),
        .init(node: "n1", body: .activity(board: "demo", .drag(drag, node: "n1"))),
        .init(
            node: "n1",
            body: .state(
                board: "demo",
                [
                    "demo": .init(
                        peers: [.init(client: "c-1", user: "zoë"), .init(client: "c-2", user: "x")], drags: [drag])
                ])
        ),
        .init(node: "n1", body: .state(board: "demo", [:])),
        .init(
            node: "n1",
            body: .state(
                board: nil, ["a": .init(peers: [.init(client: "c-1", user: "zoë")]), "b": .init(drags: [drag])])),
        .init(node: "n1", body: .state(board: nil, [:])),
    ]

    @Test(arguments: messages) func readsBackWhatItWrites(_ message: ClusterMessage) {
        let payloads = message.encoded(serial: 7)
        #expect(payloads.count == 1)
        #expect(payloads.allSatisfy { $0.utf8.count <= ClusterMessage.maxPayloadBytes })
        var reader = ClusterPayloadReader()
        #expect(reader.read(payloads[0]) == message)
        #expect(reader.statesBegun == 0)
    }

    /// PostgreSQL delivers identical payloads of one transaction once: a client that joins,
    /// leaves and joins again is told in three different payloads, each read back as it was.
    @Test func theSameNewsTwiceGoesInTwoDifferentPayloads() {
        let joined = ClusterMessage(
            node: "n1", body: .activity(board: "demo", .joined(client: "c-1", user: "zoë", node: "n1")))
        let left = ClusterMessage(node: "n1", body: .activity(board: "demo", .left(client: "c-1", node: "n1")))
        let payloads = [joined.encoded(serial: 1), left.encoded(serial: 2), joined.encoded(serial: 3)].flatMap { $0 }
        #expect(Set(payloads).count == 3)
        var reader = ClusterPayloadReader()
        #expect(payloads.compactMap { reader.read($0) } == [joined, left, joined])
        for message in Self.messages where message.encoded(serial: 1).count == 1 {
            if case .state = message.body { continue }
            #expect(message.encoded(serial: 1) != message.encoded(serial: 2), "\(message)")
        }
    }

    @Test func aCommitHintOfManyBoardsIsSplitBelowTheNotifyLimit() {
        var heads: [BoardName: Int] = [:]
        for index in 0..<2_000 { heads[BoardName("board-\(index)")!] = index + 1 }
        let payloads = ClusterMessage(node: "n1", body: .committed(heads)).encoded(serial: 1)
        #expect(payloads.count > 1)
        #expect(payloads.allSatisfy { $0.utf8.count <= ClusterMessage.maxPayloadBytes })
        var read: [BoardName: Int] = [:]
        for payload in payloads {
            guard case .committed(let part) = ClusterMessage.decode(payload)?.body else {
                Issue.record("not a commit hint")
                return
            }
            read.merge(part) { $1 }
        }
        #expect(read == heads)
    }

    @Test func payloadsItDoesNotKnowAreIgnored() {
        for payload in [
            "", "n1", "n1\tunknown", "n1\tdrag\tdemo\nnot json", "n1\tcommitted\nboard\tx", "n1\tleft\tdemo",
            "n1\tstate\tdemo", "n1\tstate\t1\t1\t1\nno tab", "n1\tstate\t1\t2\t1", "n1\tstate\tx\t1\t1",
            "n1\tstate\t1\t1\t1\tdemo\nother\t{\"type\":\"presence\",\"action\":\"join\",\"client\":\"c\",\"user\":\"u\"}",
            "n1\tstate\t1\t1\t1\ndemo\t{\"type\":\"presence\",\"action\":\"leave\",\"client\":\"c\",\"user\":\"u\"}",
        ] {
            var reader = ClusterPayloadReader()
            #expect(reader.read(payload) == nil, "\(payload)")
        }
    }

    @Test func aHelloIsAJoinADisconnectALeaveAndOnlyLocalDragsAreTold() {
        let alice = ServerMessage.Peer(client: "A", user: "alice")
        let hello = SequencerEvent.received(ConnectionID(1), .hello(.init(client: "A", user: "alice")))
        #expect(
            LocalActivityChange.of(hello, before: [], after: [alice], output: SequencerOutput(), node: "n1") == [
                .joined(client: "A", user: "alice", node: "n1")
            ])
        #expect(
            LocalActivityChange.of(
                .disconnected(ConnectionID(1)), before: [alice], after: [], output: SequencerOutput(), node: "n1")
                == [.left(client: "A", node: "n1")])
        var remote = Self.drag
        remote.client = "Z"
        var local = Self.drag
        local.client = "A"
        let output = SequencerOutput(messages: [
            Outgoing(message: .drag(remote), recipients: .allConnections, connections: []),
            Outgoing(message: .drag(local), recipients: .allConnections, connections: []),
        ])
        #expect(
            LocalActivityChange.of(.tick, before: [alice], after: [alice], output: output, node: "n1") == [
                .drag(local, node: "n1")
            ])
        #expect(
            LocalActivityChange.of(.remote(.nodeLost("n2")), before: [alice], after: [], output: output, node: "n1")
                .isEmpty)
        #expect(
            LocalActivityChange.of(
                .remote(.leaseLost(remote, node: "n2")), before: [alice], after: [alice], output: output, node: "n1")
                == [.drag(local, node: "n1")])
    }
}
