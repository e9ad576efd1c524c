import CWebSockets

/// An immutable, pre-encoded server text frame.
///
/// The payload is stored once, with the headroom libwebsockets needs in front of it, so the
/// same frame can be queued on any number of connections of one server without copying.
public final class OutboundFrame: @unchecked Sendable {
    /// Number of payload bytes.
    public let count: Int
    /// Frames with the same key supersede each other: queuing one on a connection removes
    /// the previous one with that key if it is still waiting unsent there. Nil for frames
    /// that must all be delivered.
    public let coalescingKey: String?
    let storage: UnsafeMutableRawPointer

    /// Encodes `text` as UTF-8.
    public convenience init(text: String, coalescingKey: String? = nil) {
        var text = text
        self.init(capacity: text.utf8.count, coalescingKey: coalescingKey) { destination in
            text.withUTF8 { source in
                destination.copyMemory(from: UnsafeRawBufferPointer(source))
            }
        }
    }

    /// Copies `bytes`, which must be UTF-8 text.
    public convenience init(bytes: some Collection<UInt8>, coalescingKey: String? = nil) {
        self.init(capacity: bytes.count, coalescingKey: coalescingKey) { destination in
            // One memcpy for contiguous storage; the element-wise generic copy costs a call per byte.
            let copied: Bool? = bytes.withContiguousStorageIfAvailable { source in
                destination.copyMemory(from: UnsafeRawBufferPointer(source))
                return true
            }
            if copied == nil { _ = destination.initializeMemory(as: UInt8.self, from: bytes) }
        }
    }

    private init(capacity: Int, coalescingKey: String?, fill: (UnsafeMutableRawBufferPointer) -> Void) {
        let headroom = bs_lws_pre()
        count = capacity
        self.coalescingKey = coalescingKey
        storage = UnsafeMutableRawPointer.allocate(byteCount: headroom + capacity, alignment: 16)
        fill(UnsafeMutableRawBufferPointer(start: storage + headroom, count: capacity))
    }

    deinit { storage.deallocate() }

    /// The payload bytes; valid while the frame is alive.
    public var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: storage + bs_lws_pre(), count: count)
    }

    var payloadPointer: UnsafeMutablePointer<UInt8> {
        (storage + bs_lws_pre()).assumingMemoryBound(to: UInt8.self)
    }
}
