import BoardSync
import Testing

@testable import BoardServer

/// A state larger than one NOTIFY payload: split below the limit, put together again by the
/// receiver, and never handed on incomplete.
@Suite("cluster states in several payloads") struct ClusterPayloadReaderTests {
    /// 300 clients with the longest ids and names the protocol allows, and a drag of each of
    /// 40 of them, on three boards.
    static let crowd: ClusterMessage = {
        var states: [BoardName: ClusterMessage.BoardState] = [:]
        for index in 0..<300 {
            let board = BoardName("board-\(index % 3)")!
            let client = ClientID("client-\(index)-" + String(repeating: "x", count: 64 - "client-\(index)-".count))
            let number = String(index)
            let user = String(repeating: "é", count: 32 - number.count) + number
            states[board, default: .init()].peers.append(.init(client: client, user: user))
            if index < 40 {
                states[board, default: .init()].drags.append(
                    .init(
                        action: .over, client: client, user: user, item: "item-\(index)",
                        from: Position(section: "main", index: index), to: Position(section: "done", index: 0),
                        version: 1_000 + index))
            }
        }
        return ClusterMessage(node: "node-a", body: .state(board: nil, states))
    }()

    @Test func aLargeStateIsSplitBelowTheLimitAndReadBackWhole() {
        let payloads = Self.crowd.encoded(serial: 3)
        #expect(payloads.count > 5)
        #expect(payloads.allSatisfy { $0.utf8.count <= ClusterMessage.maxPayloadBytes })
        var reader = ClusterPayloadReader()
        for payload in payloads.dropLast() {
            #expect(reader.read(payload) == nil)
            #expect(reader.statesBegun == 1)
        }
        #expect(reader.read(payloads.last!) == Self.crowd)
        #expect(reader.statesBegun == 0)
    }

    @Test func aStateOfOneBoardKeepsItsScope() {
        guard case .state(_, let states) = Self.crowd.body else { return }
        let one = ClusterMessage(node: "node-a", body: .state(board: "board-1", ["board-1": states["board-1"]!]))
        let payloads = one.encoded(serial: 9)
        #expect(payloads.count > 1)
        var reader = ClusterPayloadReader()
        #expect(payloads.compactMap { reader.read($0) } == [one])
    }

    @Test func statesOfSeveralSendersInterleavedAreEachPutTogether() {
        let other = ClusterMessage(node: "node-b", body: Self.crowd.body)
        let first = Self.crowd.encoded(serial: 1)
        let second = other.encoded(serial: 1)
        var reader = ClusterPayloadReader()
        var read: [ClusterMessage] = []
        for index in 0..<max(first.count, second.count) {
            for payloads in [first, second] where index < payloads.count {
                if let message = reader.read(payloads[index]) { read.append(message) }
            }
        }
        #expect(read == [Self.crowd, other])
    }

    @Test func aStateWithAPartMissingIsDroppedAndTheNextOneIsRead() {
        let broken = Self.crowd.encoded(serial: 1)
        var reader = ClusterPayloadReader()
        var read: [ClusterMessage] = []
        for (index, payload) in broken.enumerated() where index != 2 {
            if let message = reader.read(payload) { read.append(message) }
        }
        #expect(read.isEmpty)
        #expect(reader.statesBegun == 0)
        let next = ClusterMessage(
            node: "node-a", body: .state(board: nil, ["board-0": .init(peers: [.init(client: "c", user: "u")])]))
        #expect(next.encoded(serial: 2).compactMap { reader.read($0) } == [next])
    }

    @Test func partsOfAnotherStateOfTheSameSenderDoNotMix() {
        let first = Self.crowd.encoded(serial: 1)
        let second = Self.crowd.encoded(serial: 2)
        // PostgreSQL folds identical payloads of one transaction: two states never share one.
        #expect(Set(first).isDisjoint(with: second))
        var reader = ClusterPayloadReader()
        var read: [ClusterMessage] = []
        for payload in first.prefix(2) + second.dropFirst(2) {
            if let message = reader.read(payload) { read.append(message) }
        }
        #expect(read.isEmpty)
        #expect(second.compactMap { reader.read($0) } == [Self.crowd])
    }

    @Test func aResetForgetsWhatWasBegun() {
        let payloads = Self.crowd.encoded(serial: 1)
        var reader = ClusterPayloadReader()
        #expect(reader.read(payloads[0]) == nil)
        reader.reset()
        #expect(reader.statesBegun == 0)
        #expect(payloads.dropFirst().compactMap { reader.read($0) }.isEmpty)
    }

    @Test func otherMessagesBetweenPartsPassThrough() {
        let payloads = Self.crowd.encoded(serial: 1)
        let beat = ClusterMessage(node: "node-b", body: .beat)
        var reader = ClusterPayloadReader()
        var read: [ClusterMessage] = []
        for payload in payloads {
            if let message = reader.read(payload) { read.append(message) }
            if let message = reader.read(beat.encoded(serial: 5)[0]) { read.append(message) }
        }
        #expect(read.count == payloads.count + 1)
        #expect(read.filter { $0 == beat }.count == payloads.count)
        #expect(read.contains(Self.crowd))
    }
}
