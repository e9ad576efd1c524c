/// A throughput figure for group commits, for benchmarks (not used by the server).
public struct GroupCommitMeasurement: Sendable, CustomStringConvertible {
    /// Ops committed.
    public let ops: Int
    /// Batches (transactions) committed.
    public let batches: Int
    /// Wall-clock time of all commits.
    public let duration: Duration

    /// Committed ops per second.
    public var opsPerSecond: Double {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        return seconds > 0 ? Double(ops) / seconds : 0
    }

    public var description: String {
        "\(ops) ops in \(batches) batches, \(duration): \(Int(opsPerSecond)) ops/s"
    }

    /// Creates `boards` new boards in `store`, then commits `batches` batches of `opsPerBatch`
    /// ops spread over those boards (about 100 bytes of JSON each, one new random-looking id
    /// per op, clients taking turns as they would with one op in flight each).
    public static func run(
        on store: BoardStore, boards: Int = 8, batches: Int = 200, opsPerBatch: Int = 64
    ) throws(StoreError) -> GroupCommitMeasurement {
        let names = (0..<max(1, boards)).map { "bench-\($0)" }
        var setup = CommitBatch()
        for name in names where try !store.boardExists(name) {
            setup.createBoard(name)
        }
        try store.commit(setup)
        var versions: [String: Int] = [:]
        for name in names {
            versions[name] = try store.headVersion(of: name) ?? 0
        }
        let clock = ContinuousClock()
        let start = clock.now
        var committed = 0
        for batchIndex in 0..<batches {
            var batch = CommitBatch()
            for opIndex in 0..<opsPerBatch {
                let board = names[(batchIndex * opsPerBatch + opIndex) % names.count]
                let version = (versions[board] ?? 0) + 1
                versions[board] = version
                let itemId = String(UInt64(version) &* 0x9E37_79B9_7F4A_7C15, radix: 16)
                let json =
                    #"{"kind":"insert","item":{"id":"\#(itemId)","label":"Label \#(version)"},"to":{"section":"main","index":0}}"#
                batch.append(
                    CommittedOp(
                        version: version, client: "client-\(opIndex)", user: "user", seq: version, opJSON: json,
                        committedAt: version),
                    to: board)
                batch.useId(itemId, kind: .item, on: board)
            }
            try store.commit(batch)
            committed += opsPerBatch
        }
        return GroupCommitMeasurement(ops: committed, batches: batches, duration: clock.now - start)
    }
}
