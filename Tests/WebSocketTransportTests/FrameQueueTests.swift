import ServerTransport
import TestSupport
import Testing

@testable import WebSocketTransport

/// Queue semantics of coalescing keys: a keyed frame removes the waiting frame with the same
/// key and goes to the end; unkeyed frames are never touched; the latest of a key always
/// comes out; the byte count follows.
@Suite struct FrameQueueTests {
    static func frame(_ text: String, key: String? = nil) -> OutboundFrame {
        OutboundFrame(text: text, coalescingKey: key)
    }

    static func drain(_ queue: inout FrameQueue) -> [String] {
        var texts: [String] = []
        while let frame = queue.first {
            texts.append(String(decoding: frame.bytes, as: UTF8.self))
            queue.removeFirst()
        }
        return texts
    }

    @Test func aKeyedFrameRemovesTheWaitingOneAndGoesToTheEnd() {
        var queue = FrameQueue()
        queue.append(Self.frame("over 1", key: "drag:a"))
        queue.append(Self.frame("op 5"))
        queue.append(Self.frame("over b", key: "drag:b"))
        queue.append(Self.frame("over 2", key: "drag:a"))
        queue.append(Self.frame("cancel b"))
        queue.append(Self.frame("over 3", key: "drag:a"))
        #expect(queue.count == 4)
        #expect(queue.byteCount == ["op 5", "over b", "cancel b", "over 3"].map(\.utf8.count).reduce(0, +))
        #expect(Self.drain(&queue) == ["op 5", "over b", "cancel b", "over 3"])
        #expect(queue.isEmpty && queue.byteCount == 0)
    }

    @Test func unkeyedFramesAreAllDeliveredEvenWhenEqual() {
        var queue = FrameQueue()
        for _ in 0..<100 { queue.append(Self.frame("same")) }
        #expect(queue.count == 100)
        #expect(Self.drain(&queue) == Array(repeating: "same", count: 100))
    }

    @Test func aFrameAlreadyTakenIsNotAffected() {
        var queue = FrameQueue()
        queue.append(Self.frame("over 1", key: "k"))
        #expect(Self.drain(&queue) == ["over 1"])
        queue.append(Self.frame("over 2", key: "k"))
        queue.append(Self.frame("op"))
        #expect(Self.drain(&queue) == ["over 2", "op"])
    }

    @Test func removeAllForgetsKeys() {
        var queue = FrameQueue()
        queue.append(Self.frame("over 1", key: "k"))
        queue.removeAll()
        queue.append(Self.frame("op"))
        queue.append(Self.frame("over 2", key: "k"))
        #expect(Self.drain(&queue) == ["op", "over 2"])
    }

    /// A long run of one key behind a frame that is never taken keeps the storage bounded and
    /// still ends with exactly the blocked frame and the latest keyed one.
    @Test func manySupersededFramesBehindAStuckHead() {
        var queue = FrameQueue()
        queue.append(Self.frame("welcome"))
        for index in 0..<10_000 {
            queue.append(Self.frame("over \(index)", key: "k"))
            #expect(queue.storedSlots <= 2 * 64 + 2)
        }
        #expect(queue.count == 2)
        #expect(Self.drain(&queue) == ["welcome", "over 9999"])
    }

    /// Random appends (keyed and not) and removals against a plain array model.
    @Test func matchesASimpleModel() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SeededGenerator(seed: seed)
        var queue = FrameQueue()
        var model: [(text: String, key: String?)] = []
        var taken: [String] = []
        var expectedTaken: [String] = []
        for step in 0..<20_000 {
            let roll = Int.random(in: 0..<10, using: &generator)
            if roll < 4, let frame = queue.first {
                taken.append(String(decoding: frame.bytes, as: UTF8.self))
                queue.removeFirst()
                expectedTaken.append(model.removeFirst().text)
            } else if roll == 9 && Int.random(in: 0..<50, using: &generator) == 0 {
                queue.removeAll()
                model.removeAll()
            } else {
                let key = roll < 7 ? "k\(Int.random(in: 0..<4, using: &generator))" : nil
                let text = "f\(step)"
                queue.append(Self.frame(text, key: key))
                if let key { model.removeAll { $0.key == key } }
                model.append((text, key))
            }
            #expect(queue.count == model.count, "seed \(seed) step \(step)")
            #expect(queue.byteCount == model.map(\.text.utf8.count).reduce(0, +), "seed \(seed) step \(step)")
            if queue.count != model.count { break }
        }
        #expect(taken == expectedTaken, "seed \(seed)")
        #expect(Self.drain(&queue) == model.map(\.text), "seed \(seed)")
    }
}
