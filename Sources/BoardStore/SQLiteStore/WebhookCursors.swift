import BoardSync

/// What the SQLite outbox knows in memory, so that the sender finds its due lanes without
/// reading the file or waiting for the commits' lock: each lane's cursor over the op log and
/// each board key's head. A lane is a URL and a board key (`WebhookLane.source`): a board's name,
/// or its trash key once deleted, so that a board made again under the name of one in the trash
/// has lanes of its own.
struct WebhookCursors {
    /// Where one lane stands.
    struct Cursor: Equatable {
        /// The board's name (what bodies and logs name).
        var board: BoardName
        /// Ops up to this version have gone out or been given up.
        var delivered: Int
        /// The lane's part of its delivery ids, 16 hexadecimal digits.
        var nonce: String
        /// The version of the delivery that failed `attempts` times and waits until
        /// `nextAttempt` (0: none); the lane waits for it.
        var attempted = 0
        var attempts = 0
        var nextAttempt: CommitTime = CommitTime(milliseconds: 0)
    }

    /// Cursors by URL and board key.
    private(set) var cursors: [LaneKey: Cursor] = [:]
    /// The highest committed version under each board key.
    private(set) var heads: [String: Int] = [:]
    /// The ops committed since this store opened that some lane has not announced yet, as
    /// stored, by board key in version order: the sender makes its deliveries from them without
    /// reading the file. At most `recentLimit` in all; a board whose ops do not fit has none
    /// here until its lanes catch up, and its deliveries are read from the file.
    private var recent: [String: [StoreConnection.OpRow]] = [:]
    private var recentCount = 0
    static let recentLimit = 50_000

    /// A URL and a board key.
    struct LaneKey: Hashable {
        let url: String
        let source: String
    }

    /// The URLs the store announces to now: the held ops wait for their cursors only (a URL no
    /// longer configured keeps its cursor in the file, and would hold them for ever).
    private let announcing: Set<String>

    init(cursors: [LaneKey: Cursor], heads: [String: Int], announcing: Set<String>) {
        self.cursors = cursors
        self.heads = heads
        self.announcing = announcing
    }

    /// The lanes of `urls` with ops not yet out whose next attempt is due at `now`.
    func dueLanes(of urls: Set<String>, now: CommitTime) -> [WebhookLane] {
        cursors.compactMap { key, cursor in
            guard urls.contains(key.url), cursor.delivered < heads[key.source] ?? 0, cursor.nextAttempt <= now
            else { return nil }
            return WebhookLane(url: key.url, board: cursor.board, source: key.source)
        }
    }

    /// The lanes of `urls` with ops not yet out, with their cursors and heads.
    func pendingLanes(of urls: Set<String>) -> [(key: LaneKey, cursor: Cursor, head: Int)] {
        cursors.compactMap { key, cursor in
            let head = heads[key.source] ?? 0
            return urls.contains(key.url) && cursor.delivered < head ? (key, cursor, head) : nil
        }
    }

    func cursor(of lane: WebhookLane) -> Cursor? {
        cursors[LaneKey(url: lane.url, source: lane.key)]
    }

    /// Takes the heads, new cursors and ops of a commit.
    mutating func committed(_ outcome: StoreConnection.CommitOutcome) {
        for (board, head) in outcome.heads { heads[board.rawValue] = head }
        cursors.merge(outcome.cursors) { old, _ in old }
        for (key, row) in outcome.ops {
            if recentCount >= Self.recentLimit {
                recentCount -= recent.removeValue(forKey: key)?.count ?? 0
                continue
            }
            recent[key, default: []].append(row)
            recentCount += 1
        }
    }

    /// Up to `limit` ops under `key` after `version`, and the rest of a group the last of them
    /// begins, when every op after `version` is still held here; nil otherwise.
    func recentOps(under key: String, after version: Int, limit: Int) -> [StoreConnection.OpRow]? {
        guard let rows = heldOps(under: key, after: version) else { return nil }
        var end = min(rows.endIndex, rows.startIndex + limit)
        while end < rows.endIndex, let group = rows[end - 1].group, rows[end].group?.first == group.first {
            end += 1
        }
        return Array(rows[rows.startIndex..<end])
    }

    /// The deliveries after `version` under `key` and the commit time of the first, when every
    /// op after `version` is still held here; nil otherwise.
    func heldBacklog(under key: String, after version: Int) -> (deliveries: Int, oldest: Int64?)? {
        guard let pending = heldOps(under: key, after: version) else { return nil }
        let deliveries = pending.reduce(0) { $0 + ($1.group == nil || $1.group?.first == $1.version ? 1 : 0) }
        return (deliveries, pending.first.map { Int64($0.committedAt) })
    }

    /// Every op under `key` after `version`, when all of them up to the head are held here.
    private func heldOps(under key: String, after version: Int) -> ArraySlice<StoreConnection.OpRow>? {
        guard let rows = recent[key], let first = rows.first, first.version <= version + 1,
            rows.last?.version == heads[key]
        else { return nil }
        return rows[max(0, version + 1 - first.version)...]
    }

    /// Forgets the held ops of `key` that every lane of it has announced.
    private mutating func trimRecent(_ key: String) {
        guard var rows = recent[key] else { return }
        let announced =
            cursors.filter { $0.key.source == key && announcing.contains($0.key.url) }.map(\.value.delivered).min()
            ?? Int.max
        let done = rows.prefix { $0.version <= announced }.count
        guard done > 0 else { return }
        rows.removeFirst(done)
        recentCount -= done
        recent[key] = rows.isEmpty ? nil : rows
    }

    /// The ops of `lane` up to `version` have gone out (or been given up).
    mutating func advance(_ lane: WebhookLane, through version: Int) {
        let key = LaneKey(url: lane.url, source: lane.key)
        guard var cursor = cursors[key], version > cursor.delivered else { return }
        cursor.delivered = version
        if cursor.attempted <= version {
            cursor.attempted = 0
            cursor.attempts = 0
            cursor.nextAttempt = CommitTime(milliseconds: 0)
        }
        cursors[key] = cursor
        trimRecent(key.source)
    }

    /// The delivery of `version` in `lane` failed `attempts` times and waits until `next`.
    mutating func postpone(_ lane: WebhookLane, version: Int, attempts: Int, until next: CommitTime) {
        let key = LaneKey(url: lane.url, source: lane.key)
        cursors[key]?.attempted = version
        cursors[key]?.attempts = attempts
        cursors[key]?.nextAttempt = next
    }

    /// The deliveries `ops` (consecutive versions of one board) make, in order: an op committed
    /// alone is one, and the members of a group, which carry its `first`, are one together.
    static func deliveries<Op>(of ops: [Op], group: (Op) -> GroupSpan?) -> [ArraySlice<Op>] {
        var result: [ArraySlice<Op>] = []
        var start = 0
        while start < ops.count {
            var end = start + 1
            if let first = group(ops[start])?.first {
                while end < ops.count, group(ops[end])?.first == first { end += 1 }
            }
            result.append(ops[start..<end])
            start = end
        }
        return result
    }

    /// The id of the delivery of version `version` in a lane whose nonce is `nonce`: the nonce
    /// and the version in 16 hexadecimal digits each.
    static func deliveryID(nonce: String, version: Int) -> String {
        nonce + UInt64(max(0, version)).sixteenHexDigits
    }

    /// A new lane's nonce: 64 random bits in 16 lowercase hexadecimal digits.
    static func newNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return (generator.next() as UInt64).sixteenHexDigits
    }
}
