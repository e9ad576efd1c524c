/// The deliveries a webhook sender is done with (delivered, or given up) that the SQLite outbox
/// file still holds: for each lane, the position up to which its rows go.
///
/// `SQLiteBoardStore` keeps them in memory and deletes the rows inside its next commit's
/// transaction (or, when no commit has yet, as the backlog is counted about once a second), so
/// that the sender seldom waits for the lock the commits take, or makes them wait for it. Reads of
/// the outbox skip the rows recorded here until they are gone. Lost in a crash, the record only
/// sends its deliveries again, which at least once allows.
struct WebhookRemovals {
    /// Each lane's rows up to this position are to go.
    private(set) var through: [WebhookLane: Int64] = [:]

    /// Records that the rows of `lane` up to `position` are to go.
    mutating func record(_ lane: WebhookLane, through position: Int64) {
        through[lane] = max(through[lane] ?? position, position)
    }

    /// The position up to which reads of `lane` skip its rows (0 when none are to go).
    func skipped(_ lane: WebhookLane) -> Int64 {
        through[lane] ?? 0
    }

    /// Forgets the removals of `done` now that a committed transaction has deleted their rows,
    /// except those recorded further since.
    mutating func removed(_ done: [WebhookLane: Int64]) {
        for (lane, position) in done where through[lane] == position {
            through[lane] = nil
        }
    }
}
