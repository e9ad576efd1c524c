/// An immutable, pre-encoded server text frame.
///
/// The payload is stored once, with `headroom` bytes in front of it for the transport to write a
/// frame header into (libwebsockets wants `LWS_PRE` there), so the same frame can be queued on any
/// number of connections of one server without copying.
public final class OutboundFrame: @unchecked Sendable {
    /// Bytes kept free in front of the payload: libwebsockets' `LWS_PRE` on 64-bit platforms,
    /// which `WebSocketServer` checks when it starts.
    public static let headroom = 16
    /// Number of payload bytes.
    public let count: Int
    /// Frames with the same key supersede each other: queuing one on a connection removes
    /// the previous one with that key if it is still waiting unsent there. Nil for frames
    /// that must all be delivered.
    public let coalescingKey: String?
    /// The frame may wait up to the server's `deferredFrameDelay` before it is written, so that
    /// it goes out in one write with the frames that follow it; a frame that may not wait takes
    /// every frame queued before it along at once.
    public let mayWait: Bool
    private let storage: UnsafeMutableRawPointer

    /// Encodes `text` as UTF-8.
    public convenience init(text: String, coalescingKey: String? = nil, mayWait: Bool = false) {
        var text = text
        self.init(capacity: text.utf8.count, coalescingKey: coalescingKey, mayWait: mayWait) { destination in
            text.withUTF8 { source in
                destination.copyMemory(from: UnsafeRawBufferPointer(source))
            }
        }
    }

    /// Copies `bytes`, which must be UTF-8 text.
    public convenience init(bytes: some Collection<UInt8>, coalescingKey: String? = nil, mayWait: Bool = false) {
        self.init(capacity: bytes.count, coalescingKey: coalescingKey, mayWait: mayWait) { destination in
            // One memcpy for contiguous storage; the element-wise generic copy costs a call per byte.
            let copied: Bool? = bytes.withContiguousStorageIfAvailable { source in
                destination.copyMemory(from: UnsafeRawBufferPointer(source))
                return true
            }
            if copied == nil { _ = destination.initializeMemory(as: UInt8.self, from: bytes) }
        }
    }

    private init(
        capacity: Int, coalescingKey: String?, mayWait: Bool, fill: (UnsafeMutableRawBufferPointer) -> Void
    ) {
        count = capacity
        self.coalescingKey = coalescingKey
        self.mayWait = mayWait
        storage = UnsafeMutableRawPointer.allocate(byteCount: Self.headroom + capacity, alignment: 16)
        fill(UnsafeMutableRawBufferPointer(start: storage + Self.headroom, count: capacity))
    }

    deinit { storage.deallocate() }

    /// The payload bytes; valid while the frame is alive.
    public var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: storage + Self.headroom, count: count)
    }

    /// The payload, with `headroom` writable bytes in front of it, for the transport's writes.
    package var payloadPointer: UnsafeMutablePointer<UInt8> {
        (storage + Self.headroom).assumingMemoryBound(to: UInt8.self)
    }
}
