/// The cursors a webhook sender has moved (deliveries gone out, or given up) that the SQLite
/// file does not hold yet: for each lane, the version up to which its ops are done.
///
/// `SQLiteBoardStore` keeps them in memory and writes them inside its next commit's transaction
/// (or, when no commit has yet, as the backlog is counted about once a second), so that the
/// sender seldom waits for the lock the commits take, or makes them wait for it. Lost in a crash,
/// a move only sends its deliveries again, which at least once allows.
struct WebhookRemovals {
    /// Each lane's ops up to this version are done.
    private(set) var through: [WebhookLane: Int64] = [:]

    /// Records that the ops of `lane` up to `version` are done.
    mutating func record(_ lane: WebhookLane, through version: Int64) {
        through[lane] = max(through[lane] ?? version, version)
    }

    /// Forgets the moves of `done` now that a committed transaction has written them, except
    /// those recorded further since.
    mutating func removed(_ done: [WebhookLane: Int64]) {
        for (lane, version) in done where through[lane] == version {
            through[lane] = nil
        }
    }
}
