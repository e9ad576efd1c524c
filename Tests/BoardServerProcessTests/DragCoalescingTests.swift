import BoardSync
import Foundation
import TestSupport
import Testing

/// A receiver that falls behind gets drag `over` positions coalesced: fewer than were sent,
/// always the latest, and never ahead of the ops they refer to.
@Suite("drag over coalescing")
struct DragCoalescingTests {
    /// Long ids and user name make each broadcast a few hundred bytes, so a few thousand of
    /// them outgrow the kernel's socket buffers and the rest waits in the server's queue.
    static let item = ItemID("item-" + String(repeating: "d", count: 59))
    static let overs = 8_000
    static let opEvery = 500

    @Test func pausedReceiverGetsFewerOversTheLatestLastAndOpsInOrder() throws {
        let server = try ServerProcess(arguments: ["--rate-burst", "1000000", "--rate-per-second", "1000000"])
        defer { server.finish() }
        let url = server.url(board: "drag-coalescing")
        let user = String(repeating: "\u{1F600}", count: 32)
        let (dragger, _) = try ProtocolClient.joined(
            url, client: ClientID(String(repeating: "a", count: 64)), user: user)
        for (index, id) in [Self.item, "b", "c", "d", "e"].enumerated() {
            #expect(try dragger.submit(seq: index + 1, base: index, Ops.insert(id, at: index)).ackValue != nil)
        }
        let (watcher, _) = try ProtocolClient.joined(url, user: "watcher")
        watcher.socket.connection.pauseReceiving()

        dragger.send(.drag(.begin(item: Self.item)))
        var version = 5
        var seq = 5
        let start = Position(section: "main", index: 0)
        for number in 0..<Self.overs {
            if number > 0, number % Self.opEvery == 0 {
                seq += 1
                let insert = Ops.insert("x\(seq)", at: version)
                guard let ack = try dragger.submit(seq: seq, base: version, insert).ackValue else {
                    Issue.record("insert \(seq) was refused")
                    return
                }
                version = ack.version
            }
            let target = number == Self.overs - 1 ? 2 : number % 2
            dragger.send(
                .drag(.over(item: Self.item, base: 5, from: start, to: Position(section: "main", index: target))))
        }
        _ = try dragger.receive(timeout: 20) { message -> ServerMessage.Drag? in
            guard let drag = message.dragValue, drag.action == .over, drag.to?.index == 2 else { return nil }
            return drag
        }
        seq += 1
        let endVersion = try #require(dragger.submit(seq: seq, base: version, Ops.insert("end", at: 0)).ackValue)
            .version

        watcher.socket.connection.resumeReceiving()
        var received: [ServerMessage.Drag] = []
        var lastOpVersion = 5
        while lastOpVersion < endVersion {
            switch try watcher.receive(timeout: 20) {
            case .op(let op):
                #expect(op.version == lastOpVersion + 1, "ops arrive in order without gaps")
                lastOpVersion = op.version
            case .drag(let drag):
                #expect(drag.version >= lastOpVersion, "a drag at \(drag.version) came after op \(lastOpVersion)")
                #expect(drag.version <= lastOpVersion, "a drag at \(drag.version) came before its ops")
                if drag.action == .over { received.append(drag) }
            default:
                continue
            }
        }
        #expect(received.count < Self.overs, "the paused receiver got all \(received.count) overs")
        let last = try #require(received.last)
        #expect(last.to == Position(section: "main", index: 2), "the final position is the last over received")
        #expect(last.item == Self.item)
        #expect(last.version == endVersion - 1)
        print("drag coalescing: \(received.count) of \(Self.overs) overs reached the paused receiver")
    }
}
