import Foundation

/// A value shared between threads, guarded by a pthread mutex (through `NSLock`).
///
/// The transport uses it instead of `Synchronization.Mutex` because ThreadSanitizer on Linux
/// understands pthread locks but not `Mutex`'s futex, and would report every guarded access as a
/// race, hiding real ones.
final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
