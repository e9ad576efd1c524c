import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a descriptor (a child's standard output or error, a pseudo-terminal) on its own thread
/// until end of file, keeping everything read; tests wait on a condition over the bytes.
public final class OutputCollector: Sendable {
    /// What has been read so far.
    public struct Output: Sendable {
        /// Every byte read.
        public var bytes: [UInt8] = []
        /// The descriptor reached end of file (or failed).
        public var ended = false

        /// The bytes as UTF-8 text.
        public var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    private let output = Watched(Output())
    private let listeners = Watched<[@Sendable ([UInt8]) -> Void]>([])

    /// Starts reading `handle`, which stays open at least until the end of its file is read.
    public convenience init(_ handle: FileHandle) {
        self.init(descriptor: handle.fileDescriptor, keepingOpen: handle)
    }

    /// Starts reading `descriptor`; the collector does not close it, so its owner must keep it
    /// open while it is read.
    public convenience init(descriptor: Int32) {
        self.init(descriptor: descriptor, keepingOpen: nil)
    }

    private init(descriptor: Int32, keepingOpen handle: FileHandle?) {
        let output = output
        let listeners = listeners
        let thread = Thread {
            defer { withExtendedLifetime(handle) {} }
            var chunk = [UInt8](repeating: 0, count: 16_384)
            while true {
                let count = read(descriptor, &chunk, chunk.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    output.update { $0.ended = true }
                    return
                }
                let piece = Array(chunk.prefix(count))
                listeners.read { calls in
                    for call in calls { call(piece) }
                    output.update { $0.bytes += piece }
                }
            }
        }
        thread.start()
    }

    /// Calls `listener` with everything read so far, then with every later chunk, in order.
    public func onChunk(_ listener: @escaping @Sendable ([UInt8]) -> Void) {
        listeners.update { calls in
            listener(output.value.bytes)
            calls.append(listener)
        }
    }

    /// Everything read so far, as UTF-8 text.
    public var text: String { output.value.text }

    /// Whether the descriptor reached end of file.
    public var ended: Bool { output.value.ended }

    /// Waits until `ready` holds for the text so far and whether the stream ended; false when
    /// `timeout` seconds passed first.
    @discardableResult
    public func wait(timeout: Double = 10, until ready: (_ text: String, _ ended: Bool) -> Bool) -> Bool {
        output.wait(timeout: timeout) { ready($0.text, $0.ended) }
    }
}
