import BoardStore
import Foundation

/// A new connection to the shared throwaway cluster.
func connectToSharedPostgres(
    _ options: PostgresConnectionOptions = PostgresConnectionOptions()
) throws -> PostgresConnection {
    try PostgresConnection(url: ThrowawayPostgres.shared().url, options: options)
}

/// A name no other test of this run uses, for the tables and channels a test creates.
func uniquePostgresName(_ prefix: String) -> String {
    "\(prefix)_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased())"
}

extension PostgresListener {
    /// Waits until `count` notifications arrived or `timeout` passed; returns what arrived and
    /// the last event that was not a notification, if any.
    func collect(
        _ count: Int, timeout: Duration = .seconds(10)
    ) -> (
        notifications: [PostgresNotification], other: PostgresListenerEvent?
    ) {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var notifications: [PostgresNotification] = []
        while notifications.count < count {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return (notifications, .timeout) }
            switch next(timeout: remaining) {
            case .notifications(let arrived): notifications += arrived
            case let other: return (notifications, other)
            }
        }
        return (notifications, nil)
    }
}
