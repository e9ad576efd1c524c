import BoardSync
import Foundation
import TestSupport

/// `board-bench transfer [--server-binary PATH] [--client-binary PATH] [--cards N] [--tiles N]
/// [--ops-back N] [--markdown FILE]`: what an import and a restore cost. The core's part is
/// timed on this thread's CPU clock: reading a Trello-shaped file and a CSV of `cards` cards and
/// planning the import's groups (a client machine's `.appendSections`), and working out the
/// groups that put a board of `tiles` tiles back to a version `ops-back` ops ago (`.restore`).
/// End to end, `board-client URL import FILE` is run against a local `board-server` and timed on
/// the wall clock, from start to exit.
enum TransferBenchmark {
    static let mode = BenchMode(
        name: "transfer", summary: "import of N cards and restore of a large board: core and end to end"
    ) {
        run($0)
    }

    struct Options {
        var serverBinary: String?
        var clientBinary: String?
        var cards = 5_000
        var tiles = 10_000
        var opsBack = 1_000
        var runs = 3
        var markdownPath: String?
    }

    static func run(_ arguments: [String]) -> Int32 {
        guard let options = parse(arguments) else {
            print(
                "usage: board-bench transfer [--server-binary PATH] [--client-binary PATH] [--cards N] [--tiles N] "
                    + "[--ops-back N] [--runs N] [--markdown FILE]")
            return arguments.contains("--help") ? 0 : 2
        }
        let load = MachineLoad.averages()
        let directory = NSTemporaryDirectory() + "board-bench-transfer-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }

        let trello = TransferFixtures.trello(
            (0..<10).map { list in
                .init(
                    "List \(list)",
                    cards: (0..<(options.cards / 10)).map { (name: "Card \(list)-\($0), \"q\"", closed: false) })
            })
        let csv = Array(
            TransferFixtures.csv(
                (0..<options.cards).map { ["List \($0 / (options.cards / 10))", "Card \($0), \"q\""] },
                header: ["section", "label"]
            ).utf8)
        var lines: [String] = []
        for (name, bytes) in [("Trello JSON", trello), ("CSV", csv)] {
            let read = BenchTiming.median(minimum: 5, maximum: 50, budgetSeconds: 5) {
                (try? BoardImport.read(bytes))?.tileCount ?? 0
            }
            guard let summary = try? BoardImport.read(bytes) else { return fail("the \(name) file cannot be read") }
            let plan = BenchTiming.median(minimum: 5, maximum: 50, budgetSeconds: 5) {
                groups(importing: summary.sections)
            }
            let ops = RestorePlan.appending(
                summary.sections, to: BoardState(board: Board(id: "bench")), makeID: counter())
            lines.append(
                "| read \(options.cards) cards of \(name) (\(ImportSummary.grouped(bytes.count)) bytes) | "
                    + String(format: "%.2f", read.milliseconds) + " | \(read.runs) | \(read.result) tiles |")
            lines.append(
                "| plan the import's groups (\(name)) | " + String(format: "%.2f", plan.milliseconds)
                    + " | \(plan.runs) | \(plan.result) groups, \(ops.count) ops |")
        }
        let restore = restoreCase(tiles: options.tiles, opsBack: options.opsBack)
        let timed = BenchTiming.median(minimum: 5, maximum: 50, budgetSeconds: 10) {
            groups(restoring: restore.then, on: restore.now)
        }
        let restoreOps = RestorePlan.ops(from: BoardState(board: restore.now), to: restore.then, makeID: counter())
        lines.append(
            "| restore \(options.tiles) tiles to \(options.opsBack) ops back (plan and groups) | "
                + String(format: "%.2f", timed.milliseconds)
                + " | \(timed.runs) | \(timed.result) group\(timed.result == 1 ? "" : "s"), \(restoreOps.count) ops |")
        let submits = restoreSubmits(restoring: restore.then, on: restore.now)
        let sequencer = serving(restore.now)
        let committed = BenchTiming.median(minimum: 5, maximum: 50, budgetSeconds: 10) {
            var copy = sequencer
            var commits = 0
            for submit in submits {
                commits += copy.handle(.received(ConnectionID(1), .submit(submit)), now: 0).commits.count
                _ = copy.handle(.flushed, now: 0)
            }
            return commits
        }
        lines.append(
            "| the server's sequencer commits that restore (rebase, check, commit, answers) | "
                + String(format: "%.2f", committed.milliseconds)
                + " | \(committed.runs) | \(submits.count) group\(submits.count == 1 ? "" : "s"), \(committed.result) ops committed |"
        )
        for line in lines { print(line) }

        var endToEnd: [String] = []
        if let server = options.serverBinary ?? sibling("board-server"),
            let client = options.clientBinary ?? sibling("board-client")
        {
            switch importEndToEnd(
                server: server, client: client, files: [("Trello JSON", trello), ("CSV", csv)], options: options,
                directory: directory)
            {
            case .success(let figures): endToEnd = figures
            case .failure(let failure): return fail(failure.message)
            }
            for line in endToEnd { print(line) }
        }
        if let path = options.markdownPath {
            do {
                try MarkdownReport.write(
                    section: "Import and restore",
                    body: markdown(core: lines, endToEnd: endToEnd, options: options, load: load), to: path)
            } catch {
                return fail("cannot write \(path): \(error)")
            }
        }
        return 0
    }

    /// How many groups a client machine on an empty board makes of an import of `sections` (the
    /// first sent, the others queued behind it).
    private static func groups(importing sections: [Section]) -> Int {
        var machine = joined(Board(id: "bench", version: 0, sections: []))
        _ = machine.perform(.appendSections(sections, idSeed: 7))
        return machine.pendingCount
    }

    /// How many groups a client machine on `now` makes of the restore of `then`.
    private static func groups(restoring then: Board, on now: Board) -> Int {
        var machine = joined(now)
        _ = machine.perform(.restore(then, version: then.version, idSeed: 7))
        return machine.pendingCount
    }

    /// The submits a client on `now` sends to restore `then`, each group sent once the one
    /// before it is acknowledged.
    private static func restoreSubmits(restoring then: Board, on now: Board) -> [ClientMessage.Submit] {
        var machine = joined(now)
        var version = now.version
        var submits: [ClientMessage.Submit] = []
        var output = machine.perform(.restore(then, version: then.version, idSeed: 7))
        while case .submit(let submit)? = output.send.first(where: { if case .submit = $0 { true } else { false } }) {
            submits.append(submit)
            version += submit.ops.count
            output = machine.receive(.ack(.init(seq: submit.seq, version: version, ops: submit.ops)))
        }
        return submits
    }

    /// A sequencer holding `board`, with the restoring client (connection 1) joined.
    private static func serving(_ board: Board) -> Sequencer {
        var sequencer = Sequencer(state: BoardState(board: board))
        _ = sequencer.handle(.connected(ConnectionID(1), role: .editor), now: 0)
        _ = sequencer.handle(.received(ConnectionID(1), .hello(.init(client: "bench", user: "bench"))), now: 0)
        return sequencer
    }

    /// New ids for a plan that is only counted.
    private static func counter() -> () -> String {
        var count = 0
        return {
            count += 1
            return "n\(count)"
        }
    }

    private static func joined(_ board: Board) -> ClientMachine {
        var machine = ClientMachine(clientID: "bench", user: "bench", boardID: board.id)
        _ = machine.connectionOpened()
        _ = machine.receive(
            .welcome(.init(state: .board(board), you: .init(client: "bench", user: "bench", role: .editor))))
        return machine
    }

    /// A board of `tiles` tiles in 4 sections as it was (`then`) and as it is `opsBack` seeded
    /// moves, deletes, inserts and renames later (`now`).
    private static func restoreCase(tiles: Int, opsBack: Int) -> (then: Board, now: Board) {
        let sections = (0..<4).map { s in
            Section(
                id: SectionID("s\(s)"), title: "Section \(s)",
                items: (0..<(tiles / 4)).map { Item(id: ItemID("t\(s)-\($0)"), label: "Tile \(s)-\($0)") })
        }
        let then = Board(id: "bench", version: 20_000, sections: sections)
        var state = BoardState(board: then)
        var random = SeededGenerator(seed: 42)
        var added = 0
        while state.version < then.version + opsBack {
            let s = Int.random(in: 0..<4, using: &random)
            let section = state.board.sections[s]
            guard !section.items.isEmpty else { continue }
            let i = Int.random(in: 0..<section.items.count, using: &random)
            let item = section.items[i].id
            let from = Position(section: section.id, index: i)
            let op: Op
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                op = .delete(item: item, from: from)
            case 1:
                added += 1
                op = .insert(item: Item(id: ItemID("new-\(added)"), label: "New \(added)"), to: from)
            case 2:
                op = .update(item: item, label: "Renamed \(state.version)")
            default:
                let t = Int.random(in: 0..<4, using: &random)
                let count = state.board.sections[t].items.count - (t == s ? 1 : 0)
                op = .move(
                    item: item, from: from,
                    to: Position(section: state.board.sections[t].id, index: Int.random(in: 0...count, using: &random)))
            }
            state.commit(op)
        }
        return (then, state.board)
    }

    /// `board-client URL import FILE` of each file into a new board of a fresh local server,
    /// `runs` times: the median wall time from start to exit.
    private static func importEndToEnd(
        server: String, client: String, files: [(String, [UInt8])], options: Options, directory: String
    ) -> Result<[String], BenchFailure> {
        let process = ListeningProcess(
            executable: server, arguments: ["--data", directory + "/boards.sqlite", "--log-level", "warn"],
            errorOutput: .append(toFile: directory + "/server.log"))
        do {
            try process.start()
        } catch {
            return .failure(BenchFailure(message: "board-server: \(error)"))
        }
        defer { _ = process.stop() }
        var lines: [String] = []
        for (index, (name, bytes)) in files.enumerated() {
            let path = directory + "/import-\(index)"
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
                return .failure(BenchFailure(message: "cannot write \(path)"))
            }
            var samples: [Double] = []
            for run in 0..<options.runs {
                let url = "ws://127.0.0.1:\(process.port)/boards/import-\(index)-\(run)"
                let started = Date()
                let child = Process()
                child.executableURL = URL(fileURLWithPath: client)
                child.arguments = [url, "import", path]
                child.standardOutput = FileHandle.nullDevice
                child.standardError = FileHandle.nullDevice
                do {
                    try child.run()
                } catch {
                    return .failure(BenchFailure(message: "board-client: \(error)"))
                }
                child.waitUntilExit()
                guard child.terminationStatus == 0 else {
                    return .failure(BenchFailure(message: "board-client import exited \(child.terminationStatus)"))
                }
                samples.append(Date().timeIntervalSince(started) * 1_000)
            }
            samples.sort()
            lines.append(
                "| import \(options.cards) cards of \(name) with board-client, end to end | "
                    + String(format: "%.0f", samples[samples.count / 2]) + " | \(samples.count) | "
                    + String(format: "%.0f–%.0f ms", samples.first ?? 0, samples.last ?? 0) + " |")
        }
        return .success(lines)
    }

    private struct BenchFailure: Error {
        var message: String
    }

    /// An executable built next to this one.
    private static func sibling(_ name: String) -> String? {
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    private static func markdown(core: [String], endToEnd: [String], options: Options, load: String) -> String {
        var text = [
            "Machine: \(MachineInfo.current().summary); load averages at the start: \(load). Command: "
                + "`make release && .build/release/board-bench transfer --markdown docs/benchmarks.md` "
                + "(board-server and board-client of the same release build; `make bench` runs it too).",
            "",
            "Core rows are medians of this thread's CPU time per run; \"plan\" is a client machine on an empty "
                + "board asked to import the file's sections (`.appendSections`: every op with its new ids, cut into "
                + "groups of at most 500 ops and 61,440 bytes) or, on the board of \(options.tiles) tiles "
                + "\(options.opsBack) seeded moves, deletes, inserts and renames later, to restore it (`.restore`: "
                + "the minimal plan and its groups). End-to-end rows are the wall time of `board-client URL import "
                + "FILE` from start to exit against a local `board-server` (SQLite), into a new board each run: "
                + "median, then the range. A restore's row is the client machine's whole `.restore`: the plan (the "
                + "update batch between the two boards, then each op placed and applied to a scratch board), its "
                + "groups, and the ops applied to the optimistic board. The import end to end is mostly its round "
                + "trips: each group is made durable (SQLite, full fsync) before its ack.",
            "",
            "| case | ms | runs | result |",
            "|---|---:|---:|---|",
        ]
        text += core
        text += endToEnd
        return text.joined(separator: "\n")
    }

    private static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--server-binary": options.serverBinary = rest.popFirst()
            case "--client-binary": options.clientBinary = rest.popFirst()
            case "--cards": options.cards = rest.popFirst().flatMap { Int($0) }.map { max(10, $0) } ?? options.cards
            case "--tiles": options.tiles = rest.popFirst().flatMap { Int($0) }.map { max(4, $0) } ?? options.tiles
            case "--ops-back": options.opsBack = rest.popFirst().flatMap { Int($0) } ?? options.opsBack
            case "--runs": options.runs = rest.popFirst().flatMap { Int($0) }.map { max(1, $0) } ?? options.runs
            case "--markdown": options.markdownPath = rest.popFirst()
            default: return nil
            }
        }
        return options
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("board-bench transfer: \(message)\n".utf8))
        return 1
    }
}
