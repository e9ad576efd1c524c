import BoardStore
import BoardSync
import Foundation

/// `board-bench store`: group commits straight into a fresh `SQLiteBoardStore`, shaped like the
/// server's under the `acks` load: 64 boards with one writer each, every op an `update` of about
/// 100 bytes that advances its client's `lastSeq` and uses no new id. Prints the median wall and
/// CPU time per commit and per op, the bytes written to files per commit, and the mean and the
/// longest wall time of a commit.
enum StoreBenchmark {
    static let mode = BenchMode(name: "store", summary: "SQLite group commits shaped like the acks load") {
        run(arguments: $0)
    }

    /// The number of boards (and writers) of every case.
    static let boardCount = 64

    /// One batch shape: `opsPerBoard` ops on each of `boards` different boards per commit.
    struct Shape {
        let boards: Int
        let opsPerBoard: Int

        var name: String {
            "\(boards) board\(boards == 1 ? "" : "s") × \(opsPerBoard) op\(opsPerBoard == 1 ? "" : "s")"
        }
        var ops: Int { boards * opsPerBoard }

        init(boards: Int, opsPerBoard: Int) {
            self.boards = boards
            self.opsPerBoard = opsPerBoard
        }

        /// Parses `BOARDSxOPS`, e.g. `30x1`; at most `boardCount` boards.
        init?(parsing text: String) {
            let parts = text.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, (1...StoreBenchmark.boardCount).contains(parts[0]), parts[1] > 0 else {
                return nil
            }
            self.init(boards: parts[0], opsPerBoard: parts[1])
        }
    }

    static let shapes = [
        Shape(boards: 1, opsPerBoard: 1), Shape(boards: 6, opsPerBoard: 1), Shape(boards: 30, opsPerBoard: 1),
        Shape(boards: 64, opsPerBoard: 1), Shape(boards: 1, opsPerBoard: 30),
    ]

    static let usage = "usage: board-bench store [COMMITS] [--dir DIRECTORY] [--only BOARDSxOPS] [--markdown FILE]"

    /// `board-bench store [COMMITS] [--dir DIRECTORY] [--only BOARDSxOPS] [--markdown FILE]`:
    /// COMMITS timed commits per shape (default 2,000), in a new store inside DIRECTORY (default:
    /// the temporary directory); `--only 30x1` runs just that shape (for profiling);
    /// `--markdown` also writes the table as the `Store` section of FILE.
    static func run(arguments: [String]) -> Int32 {
        var commits = 2_000
        var markdownPath: String?
        var parent = NSTemporaryDirectory()
        var selected = shapes
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--dir", let directory = rest.popFirst() {
                parent = directory
            } else if argument == "--only", let shape = rest.popFirst().flatMap(Shape.init(parsing:)) {
                selected = [shape]
            } else if argument == "--markdown", let path = rest.popFirst() {
                markdownPath = path
            } else if let count = Int(argument), count > 0 {
                commits = count
            } else {
                print(usage)
                return 2
            }
        }
        let directory = (parent as NSString).appendingPathComponent("board-store-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let store = try SQLiteBoardStore(path: (directory as NSString).appendingPathComponent("boards.db"))
            defer { store.close() }
            var writers = try StoreBenchWriters(store: store, boards: boardCount)
            print("SQLite group commits, \(commits) timed commits per shape, \(boardCount) boards, one writer each")
            print(
                "shape                  ops  wall µs/commit  cpu µs/commit  cpu µs/op  written B/commit  writes/commit"
                    + "  mean wall µs  max wall µs  mean cpu µs  max cpu µs")
            var results: [Result] = []
            for shape in selected {
                let result = try measure(shape, commits: commits, writers: &writers, store: store)
                print(result.line)
                results.append(result)
            }
            if let markdownPath {
                try MarkdownReport.write(
                    section: "Store", body: markdown(results, commits: commits, directory: parent), to: markdownPath)
            }
            return 0
        } catch {
            print("store benchmark failed: \(error)")
            return 1
        }
    }

    /// The `Store` section: what ran, then one row per shape.
    static func markdown(_ results: [Result], commits: Int, directory: String) -> String {
        func number(_ value: Double, _ decimals: Int = 1) -> String { String(format: "%.\(decimals)f", value) }
        var rows = [
            "Machine: \(MachineInfo.current().summary). Command: `make bench`, which runs "
                + "`board-bench store --markdown docs/benchmarks.md` (release build, store in \(directory)).",
            "",
            "Group commits straight into a fresh SQLite store (WAL, synchronous=FULL), shaped like the "
                + "server's under the `acks` load: \(boardCount) boards with one writer each, ops of about "
                + "100 bytes of JSON (encoded by the store, as in the server's commits). \(commits) timed commits "
                + "per shape after a tenth as many untimed ones; wall and CPU are medians per commit, bytes and "
                + "writes are the process's file writes per commit.",
            "",
            "| shape | ops | wall µs/commit | CPU µs/commit | CPU µs/op | bytes/commit | writes/commit | mean wall µs | max wall µs | mean CPU µs | max CPU µs |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for result in results {
            rows.append(
                "| \(result.shape.name) | \(result.shape.ops) | \(number(result.wallMicros)) | "
                    + "\(number(result.cpuMicros)) | \(number(result.cpuMicros / Double(result.shape.ops), 2)) | "
                    + "\(number(result.bytesPerCommit, 0)) | \(number(result.writesPerCommit)) | "
                    + "\(number(result.meanWallMicros)) | \(number(result.maxWallMicros, 0)) | "
                    + "\(number(result.meanCPUMicros)) | \(number(result.maxCPUMicros, 0)) |")
        }
        return rows.joined(separator: "\n")
    }

    /// The figures of one shape.
    struct Result {
        let shape: Shape
        let wallMicros: Double
        let cpuMicros: Double
        let bytesPerCommit: Double
        let writesPerCommit: Double
        /// Wall time of all timed commits over their number: includes the rare slow ones (log
        /// moves, checkpoints) that the median leaves out.
        let meanWallMicros: Double
        let maxWallMicros: Double
        /// The same for the CPU time, which a slow disk does not change: the slow commits that
        /// are the store's own doing (moving ops between tables).
        let meanCPUMicros: Double
        let maxCPUMicros: Double

        var line: String {
            func column(_ value: Double, _ width: Int, decimals: Int = 1) -> String {
                let text = String(format: "%.\(decimals)f", value)
                return String(repeating: " ", count: max(0, width - text.count)) + text
            }
            return shape.name.padding(toLength: 20, withPad: " ", startingAt: 0)
                + column(Double(shape.ops), 5, decimals: 0) + column(wallMicros, 16) + column(cpuMicros, 15)
                + column(cpuMicros / Double(shape.ops), 11, decimals: 2) + column(bytesPerCommit, 18, decimals: 0)
                + column(writesPerCommit, 15) + column(meanWallMicros, 14) + column(maxWallMicros, 13, decimals: 0)
                + column(meanCPUMicros, 13) + column(maxCPUMicros, 12, decimals: 0)
        }
    }

    /// Commits `commits` batches of `shape` after a tenth as many untimed ones.
    static func measure(
        _ shape: Shape, commits: Int, writers: inout StoreBenchWriters, store: SQLiteBoardStore
    ) throws(StoreError) -> Result {
        for _ in 0..<max(1, commits / 10) {
            try store.commit(writers.nextBatch(shape))
        }
        var wall: [Double] = []
        var cpu: [Double] = []
        let ioBefore = ProcessWrites.read()
        for _ in 0..<commits {
            let batch = writers.nextBatch(shape)
            let wallStart = DispatchTime.now().uptimeNanoseconds
            let cpuStart = BenchTiming.threadCPUMilliseconds()
            try store.commit(batch)
            cpu.append((BenchTiming.threadCPUMilliseconds() - cpuStart) * 1_000)
            wall.append(Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1_000)
        }
        let ioAfter = ProcessWrites.read()
        return Result(
            shape: shape, wallMicros: BenchTiming.median(of: wall), cpuMicros: BenchTiming.median(of: cpu),
            bytesPerCommit: Double(ioAfter.bytes - ioBefore.bytes) / Double(commits),
            writesPerCommit: Double(ioAfter.calls - ioBefore.calls) / Double(commits),
            meanWallMicros: wall.reduce(0, +) / Double(commits), maxWallMicros: wall.max() ?? 0,
            meanCPUMicros: cpu.reduce(0, +) / Double(commits), maxCPUMicros: cpu.max() ?? 0)
    }
}

/// The writers of the store benchmark: one client per board, each with its board's version and
/// its own `seq`, handing out batches that continue them.
struct StoreBenchWriters {
    private var boards: [BoardName]
    private var clients: [ClientID]
    private var versions: [Int]
    private var nextBoard = 0

    /// Creates `boards` boards in `store` the way the server does (initial section id and snapshot).
    init(store: SQLiteBoardStore, boards count: Int) throws(StoreError) {
        let tag = "bench\(getpid())"
        boards = (0..<count).map { BoardName("acks-\(tag)-\(count)-\($0)")! }
        clients = boards.indices.map { "a\($0)-acks-\(tag)-\(count)-\($0)" }
        versions = Array(repeating: 0, count: count)
        var creation = CommitBatch()
        for board in boards {
            creation.createBoard(board)
            creation.useID("main", kind: .section, on: board)
            creation.addSnapshot(Board(id: board, version: 0, sections: []))
        }
        try store.commit(creation)
    }

    /// The next batch: `shape.boards` consecutive boards (continuing round the ring after the
    /// previous batch), each with `shape.opsPerBoard` ops of its writer.
    mutating func nextBatch(_ shape: StoreBenchmark.Shape) -> CommitBatch {
        var batch = CommitBatch()
        let committedAt = CommitTime(milliseconds: Int64(Date().timeIntervalSince1970 * 1000))
        for _ in 0..<shape.boards {
            let index = nextBoard
            nextBoard = (nextBoard + 1) % boards.count
            for _ in 0..<shape.opsPerBoard {
                versions[index] += 1
                let version = versions[index]
                let op = Op.update(
                    item: "it-\(index)-\(version % 50)", label: "Label of tile \(version) by writer \(index)")
                batch.append(
                    SequencedOp(version: version, client: clients[index], user: "user-\(index)", seq: version, op: op),
                    committedAt: committedAt, to: boards[index])
            }
        }
        return batch
    }
}

/// The bytes and `write`-family calls of this process so far, from `/proc/self/io`.
enum ProcessWrites {
    static func read() -> (bytes: Int, calls: Int) {
        guard let text = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8) else { return (0, 0) }
        var bytes = 0
        var calls = 0
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":")
            guard parts.count == 2, let value = Int(parts[1].trimmingCharacters(in: .whitespaces)) else { continue }
            if parts[0] == "wchar" { bytes = value }
            if parts[0] == "syscw" { calls = value }
        }
        return (bytes, calls)
    }
}
