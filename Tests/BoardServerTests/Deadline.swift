import Foundation
import TestSupport

/// Waits for a condition to hold, checking it again whenever `poll` interval passes, until a
/// deadline. Used where the only signal is an observable state (a metrics counter, a file).
enum Deadline {
    /// Returns true as soon as `condition` holds, false when `timeout` seconds passed first.
    static func wait(timeout: Double, poll: Double = 0.02, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            if try condition() { return true }
            if deadline.timeIntervalSinceNow <= 0 { return false }
            let gate = NSCondition()
            gate.lock()
            _ = gate.wait(until: min(deadline, Date(timeIntervalSinceNow: poll)))
            gate.unlock()
        }
    }
}
