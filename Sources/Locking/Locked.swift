import Foundation

/// A value shared between threads, guarded by a pthread mutex (through `NSLock`): the one lock
/// type of the package, used by the transport, the stores, the server shell, the clients and the
/// tests alike.
///
/// It is used instead of `Synchronization.Mutex` because ThreadSanitizer on Linux understands
/// pthread locks but not `Mutex`'s futex, and would report every guarded access as a race,
/// hiding real ones. Waiting for a guarded value to change is a condition variable's job
/// (`NSCondition`), not a lock's.
public final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    /// Guards `state` from now on.
    public init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with the value while holding the lock, and returns what it returns.
    public func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
