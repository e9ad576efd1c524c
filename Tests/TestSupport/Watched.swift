import Foundation

/// A value shared between threads that others can wait on: every `update` wakes the waiters,
/// and `wait` returns as soon as a condition on the value holds, so a test waits for what it
/// needs instead of polling on a timer.
public final class Watched<State>: @unchecked Sendable {
    private let condition = NSCondition()
    private var state: State

    /// Watches `state` from now on.
    public init(_ state: State) {
        self.state = state
    }

    /// Changes the value and wakes every waiter.
    @discardableResult
    public func update<Result>(_ body: (inout State) -> Result) -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return body(&state)
    }

    /// Reads the value.
    public func read<Result>(_ body: (State) -> Result) -> Result {
        condition.lock()
        defer { condition.unlock() }
        return body(state)
    }

    /// A copy of the value.
    public var value: State { read { $0 } }

    /// Waits until `ready` holds for the value, at most `timeout` seconds; says whether it held.
    @discardableResult
    public func wait(timeout: Double = 5, until ready: (State) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !ready(state) {
            if !condition.wait(until: deadline) { return ready(state) }
        }
        return true
    }
}

extension Watched {
    /// Appends to a watched list.
    public func append<Element>(_ element: Element) where State == [Element] {
        update { $0.append(element) }
    }
}
