import CWebSockets
import ServerTransport

/// A scratch buffer that packs several queued server frames, each with its own WebSocket
/// header, into one write: a connection that has fallen a few frames behind catches up with
/// one `send` instead of one per frame.
///
/// Server frames are unmasked and, without compression, complete text frames are independent
/// byte strings, so writing them back to back is exactly what writing them one by one would
/// put on the wire. One batch serves every connection of a server: libwebsockets either sends
/// the bytes at once or copies what the socket did not take, so the buffer is free again when
/// the write returns.
final class FrameBatch {
    /// Largest number of bytes in one batch, headers included.
    let capacity: Int
    private(set) var count = 0
    private(set) var frames = 0
    private let storage: UnsafeMutablePointer<UInt8>
    private let headroom: Int

    init(capacity: Int) {
        self.capacity = capacity
        headroom = bs_lws_pre()
        storage = UnsafeMutablePointer<UInt8>.allocate(capacity: headroom + capacity)
    }

    deinit { storage.deallocate() }

    /// The packed bytes, preceded by the headroom libwebsockets may use.
    var pointer: UnsafeMutablePointer<UInt8> { storage + headroom }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: pointer, count: count) }

    func reset() {
        count = 0
        frames = 0
    }

    /// Size on the wire of a final text frame carrying `payload` bytes.
    static func wireSize(payload: Int) -> Int {
        payload + headerSize(payload: payload)
    }

    private static func headerSize(payload: Int) -> Int {
        payload < 126 ? 2 : payload < 65_536 ? 4 : 10
    }

    /// Appends `frame` as one final text frame if it fits; returns whether it did.
    func append(_ frame: OutboundFrame) -> Bool {
        append(payload: UnsafeRawBufferPointer(start: frame.payloadPointer, count: frame.count))
    }

    /// Appends `payload` as one final text frame if it fits; returns whether it did.
    func append(payload: UnsafeRawBufferPointer) -> Bool {
        let length = payload.count
        guard count + Self.wireSize(payload: length) <= capacity else { return false }
        var cursor = pointer + count
        cursor[0] = 0x81
        switch Self.headerSize(payload: length) {
        case 2:
            cursor[1] = UInt8(length)
        case 4:
            cursor[1] = 126
            cursor[2] = UInt8(truncatingIfNeeded: length >> 8)
            cursor[3] = UInt8(truncatingIfNeeded: length)
        default:
            cursor[1] = 127
            for index in 0..<8 { cursor[2 + index] = UInt8(truncatingIfNeeded: length >> (8 * (7 - index))) }
        }
        cursor += Self.headerSize(payload: length)
        if let base = payload.baseAddress, length > 0 {
            UnsafeMutableRawPointer(cursor).copyMemory(from: base, byteCount: length)
        }
        count += Self.wireSize(payload: length)
        frames += 1
        return true
    }
}
