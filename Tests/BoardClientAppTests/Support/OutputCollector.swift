import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a descriptor on its own thread until end of file, keeping everything read; tests wait
/// on a condition over the bytes with a deadline.
final class OutputCollector: @unchecked Sendable {
    private let condition = NSCondition()
    private var bytes: [UInt8] = []
    private var ended = false
    private var listeners: [([UInt8]) -> Void] = []

    init(descriptor: Int32) {
        let thread = Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(descriptor, &chunk, chunk.count)
                if count < 0 && errno == EINTR { continue }
                condition.lock()
                if count <= 0 {
                    ended = true
                } else {
                    let piece = Array(chunk.prefix(count))
                    bytes += piece
                    for listener in listeners { listener(piece) }
                }
                condition.broadcast()
                condition.unlock()
                if count <= 0 { return }
            }
        }
        thread.start()
    }

    /// Calls `listener` with every later chunk (under the collector's lock).
    func onChunk(_ listener: @escaping ([UInt8]) -> Void) {
        condition.lock()
        listeners.append(listener)
        listener(bytes)
        condition.unlock()
    }

    var text: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Waits until `ready` holds for the bytes so far (or the stream ended); false on timeout.
    @discardableResult
    func wait(timeout: Double = 10, until ready: (_ text: String, _ ended: Bool) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if ready(String(decoding: bytes, as: UTF8.self), ended) { return true }
            if !condition.wait(until: deadline) { return ready(String(decoding: bytes, as: UTF8.self), ended) }
        }
    }
}
