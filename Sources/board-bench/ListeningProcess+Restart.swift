import Foundation
import TestSupport

extension ListeningProcess {
    /// Stops and starts again on the same port; returns the load-clock times of the stop request
    /// and of the new process listening. The port may stay busy for a moment after the stop, so
    /// a start is retried for about a second.
    func restart() -> (stopped: Int64, listening: Int64)? {
        let stopped = LoadClock.micros()
        stop()
        for _ in 0..<50 {
            do {
                try start()
                return (stopped, LoadClock.micros())
            } catch {
                usleep(20_000)
            }
        }
        return nil
    }
}
