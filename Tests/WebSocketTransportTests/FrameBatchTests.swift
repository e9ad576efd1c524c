import Foundation
import ServerTransport
import TestSupport
import Testing

@testable import WebSocketTransport

/// Packing frames into one write: the bytes are exactly the frames one by one (header forms
/// for every length class), nothing is packed beyond the capacity, and a client receives a
/// turn's worth of mixed-size frames intact and in order with and without compression.
@Suite struct FrameBatchTests {
    /// Splits server-to-client bytes into (final, opcode, payload) frames; nil if malformed.
    static func parse(_ bytes: [UInt8]) -> [(fin: Bool, opcode: UInt8, payload: [UInt8])]? {
        var frames: [(Bool, UInt8, [UInt8])] = []
        var index = 0
        while index < bytes.count {
            guard index + 2 <= bytes.count, bytes[index + 1] & 0x80 == 0 else { return nil }
            var length = Int(bytes[index + 1] & 0x7f)
            var header = 2
            if length == 126 || length == 127 {
                let extra = length == 126 ? 2 : 8
                guard index + 2 + extra <= bytes.count else { return nil }
                length = bytes[(index + 2)..<(index + 2 + extra)].reduce(0) { $0 << 8 | Int($1) }
                header += extra
            }
            guard index + header + length <= bytes.count else { return nil }
            frames.append(
                (
                    bytes[index] & 0x80 != 0, bytes[index] & 0x0f,
                    Array(bytes[(index + header)..<(index + header + length)])
                ))
            index += header + length
        }
        return frames
    }

    static func payload(_ length: Int, tag: Int) -> [UInt8] {
        (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ tag) & 0x7f | 0x20 }
    }

    @Test(arguments: [0, 1, 125, 126, 127, 65_535, 65_536, 70_000])
    func everyLengthGetsTheShortestHeaderAndItsBytes(length: Int) throws {
        let batch = FrameBatch(capacity: 200_000)
        let first = Self.payload(length, tag: 1)
        let second = Self.payload(3, tag: 2)
        #expect(first.withUnsafeBytes { batch.append(payload: $0) })
        #expect(second.withUnsafeBytes { batch.append(payload: $0) })
        #expect(batch.frames == 2)
        let headerBytes = length < 126 ? 2 : length < 65_536 ? 4 : 10
        #expect(batch.count == headerBytes + length + 2 + 3)
        let frames = try #require(Self.parse(Array(batch.bytes)))
        #expect(frames.count == 2)
        #expect(frames.allSatisfy { $0.fin && $0.opcode == 1 })
        #expect(frames.first?.payload == first)
        #expect(frames.last?.payload == second)
    }

    @Test func aFrameThatDoesNotFitIsRefusedAndLeavesTheBatchAsItWas() {
        let batch = FrameBatch(capacity: 100)
        #expect(Self.payload(90, tag: 0).withUnsafeBytes { batch.append(payload: $0) })
        let before = Array(batch.bytes)
        #expect(!Self.payload(9, tag: 0).withUnsafeBytes { batch.append(payload: $0) })
        #expect(Self.payload(6, tag: 0).withUnsafeBytes { batch.append(payload: $0) })
        #expect(batch.count == 100 && batch.frames == 2)
        #expect(Array(batch.bytes.prefix(before.count)) == before)
        batch.reset()
        #expect(batch.count == 0 && batch.frames == 0)
    }

    @Test(arguments: [false, true])
    func aTurnOfMixedFramesArrivesIntactAndInOrder(compression: Bool) throws {
        let (server, _) = try startServer { $0.enablesCompression = compression }
        defer { stopServer(server) }
        let context = try ClientContext(configuration: ClientContextConfiguration(enablesCompression: compression))
        defer { context.shutdown() }
        let client = try BlockingWebSocket(url: url(server), context: context)
        let sizes = [0, 1, 125, 126, 127, 300, 4_000, 16_000, 16_400, 40_000, 65_536]
        // About 2.6 MB: below the 4 MiB queue cap, so nothing is dropped as a slow consumer.
        let texts = (0..<200).map { index in
            "\(index):" + String(decoding: Self.payload(sizes[index % sizes.count], tag: index), as: UTF8.self)
        }
        server.post { [server] in
            for text in texts { server.broadcast(OutboundFrame(text: text), to: server.connections) }
        }
        for (index, text) in texts.enumerated() {
            let received = try client.receiveText()
            #expect(received == text, "frame \(index)")
            if received != text { break }
        }
        let packed = Watched(-1)
        server.post { [server] in packed.update { $0 = server.packedFrameCount } }
        #expect(packed.wait { $0 >= 0 })
        #expect(compression ? packed.read { $0 } == 0 : packed.read { $0 } > 1)
    }
}
