import BoardSync
import Foundation
import TestSupport
import WebSocketTransport

/// `board-bench history --server-binary PATH [--items N] [--rounds R] [--requests K] [--smoke]
/// [--markdown FILE]`: what the history endpoints cost on a large board. A data file holds one
/// board of N tiles (default 10,000) with a snapshot every 1,000 versions and two thousand moves
/// after the inserts; `board-server` serves it, and the benchmark asks it R times (default 5) for
/// K pages of the newest 1,000 ops and K rebuilds of the version 999 ops past a snapshot. It
/// reports the server's CPU time per request (from /proc, over each round's K requests) and the
/// wall time a client waits, each as the median of the rounds and their range.
enum HistoryBenchmark {
    static let mode = BenchMode(
        name: "history", summary: "history pages and rebuilt versions of a 10,000-tile board over HTTP"
    ) { arguments in run(arguments) }

    static let usage = """
        usage: board-bench history --server-binary PATH [--items N] [--rounds R] [--requests K] [--smoke]
                                   [--markdown FILE]

        """

    /// The targets: a page of 1,000 ops, and a rebuild 999 ops past a snapshot.
    static let pageTarget = 20.0
    static let rebuildTarget = 50.0
    static let snapshotEvery = 1_000
    static let pageSize = 1_000

    struct Options {
        var serverBinary: String?
        var items = 10_000
        var rounds = 5
        var requests = 10
        var markdownPath: String?
    }

    /// The figures of one kind of request.
    struct Figures {
        let name: String
        let target: Double
        /// Server CPU milliseconds per request, one value per round.
        var cpu: [Double] = []
        /// Wall milliseconds of every request.
        var wall: [Double] = []
        /// The median wall time of each round.
        var roundWall: [Double] = []
    }

    static func run(_ arguments: [String]) -> Int32 {
        guard var options = parse(arguments) else {
            print(usage, terminator: "")
            return arguments.contains("--help") ? 0 : 2
        }
        guard let serverBinary = options.serverBinary else { return fail("--server-binary is required") }
        if arguments.contains("--smoke") {
            options.items = min(options.items, 1_000)
            options.rounds = 1
            options.requests = 2
        }
        let directory = NSTemporaryDirectory() + "board-bench-history-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = HistoryBoardFile(items: options.items, moves: 2 * snapshotEvery - 1, snapshotEvery: snapshotEvery)
        let built = Date()
        do {
            try file.write(to: directory + "/boards.sqlite")
        } catch {
            return fail("cannot write the board: \(error)")
        }
        print(
            "board \(file.board): \(options.items) tiles, head \(file.head), written in "
                + String(format: "%.1f s", Date().timeIntervalSince(built)))
        let server = ListeningProcess(
            executable: serverBinary,
            arguments: [
                "--data", directory + "/boards.sqlite", "--log-level", "warn", "--snapshot-every",
                String(snapshotEvery),
            ],
            errorOutput: .append(toFile: directory + "/server.log"))
        do {
            try server.start()
        } catch {
            return fail("board-server: \(error)")
        }
        defer { _ = server.stop() }
        let load = MachineLoad.averages()
        switch measure(file: file, server: server, options: options) {
        case .failure(let failure):
            return fail(failure.message)
        case .success(let figures):
            for figure in figures { print(line(figure)) }
            if let path = options.markdownPath {
                do {
                    try MarkdownReport.write(
                        section: "History", body: markdown(figures, file: file, options: options, load: load), to: path)
                } catch {
                    return fail("cannot write \(path): \(error)")
                }
            }
            return 0
        }
    }

    private static func measure(
        file: HistoryBoardFile, server: ListeningProcess, options: Options
    ) -> Result<[Figures], Failure> {
        guard let pid = server.pid, let context = try? ClientContext() else {
            return .failure(Failure("no server or client"))
        }
        defer { context.shutdown() }
        let base = "ws://127.0.0.1:\(server.port)/boards/\(file.board)"
        let snapshot = (file.head - 999) / snapshotEvery * snapshotEvery
        let version = snapshot + min(999, file.head - snapshot)
        guard let pageURL = WebSocketURL(base + "/history?limit=\(pageSize)"),
            let versionURL = WebSocketURL(base + "?version=\(version)")
        else { return .failure(Failure("bad URL")) }
        var page = Figures(name: "history page of \(pageSize) ops", target: pageTarget)
        var rebuild = Figures(
            name: "version \(version - snapshot) ops past a snapshot (\(file.items) tiles)", target: rebuildTarget)

        func check(_ url: WebSocketURL, _ body: [UInt8]) -> String? {
            if url == pageURL {
                guard let history = try? WireCodec.decodeHistory(body),
                    history.entries.first?.version == file.head, history.entries.count == min(pageSize, file.head)
                else { return "the history page is not the newest \(pageSize) ops" }
            } else {
                guard let board = try? WireCodec.decodeBoard(body), board.version == version,
                    board.itemCount == file.items
                else { return "the rebuilt board is not version \(version) with \(file.items) tiles" }
            }
            return nil
        }

        func round(_ url: WebSocketURL, into figures: inout Figures) -> String? {
            var walls: [Double] = []
            guard let before = ProcessStats.read(pid: pid) else { return "the server is gone" }
            for _ in 0..<options.requests {
                let start = DispatchTime.now().uptimeNanoseconds
                guard let response = try? BlockingHTTPGet.get(url, timeout: 30, context: context),
                    response.status == 200
                else { return "a request of \(url.pathAndQuery) failed" }
                walls.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                if let problem = check(url, response.body) { return problem }
            }
            guard let after = ProcessStats.read(pid: pid) else { return "the server is gone" }
            figures.cpu.append((after.cpuSeconds - before.cpuSeconds) * 1_000 / Double(options.requests))
            figures.wall += walls
            figures.roundWall.append(BenchTiming.median(of: walls))
            return nil
        }

        for url in [pageURL, versionURL] {
            guard let warm = try? BlockingHTTPGet.get(url, timeout: 30, context: context), warm.status == 200 else {
                return .failure(Failure("the server did not answer \(url.pathAndQuery)"))
            }
        }
        for _ in 0..<options.rounds {
            if let problem = round(pageURL, into: &page) ?? round(versionURL, into: &rebuild) {
                return .failure(Failure(problem))
            }
        }
        return .success([page, rebuild])
    }

    /// Why a measurement stopped.
    struct Failure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    private static func range(_ values: [Double]) -> String {
        String(format: "%.1f–%.1f", values.min() ?? 0, values.max() ?? 0)
    }

    private static func line(_ figures: Figures) -> String {
        String(
            format: "%@: server CPU %.1f ms/request (rounds %@), wall %.1f ms (rounds %@), target < %.0f ms",
            figures.name, BenchTiming.median(of: figures.cpu), range(figures.cpu),
            BenchTiming.median(of: figures.wall), range(figures.roundWall), figures.target)
    }

    private static func markdown(_ figures: [Figures], file: HistoryBoardFile, options: Options, load: String) -> String
    {
        var rows = [
            "Machine: \(MachineInfo.current().summary); load averages at the start: \(load). Command: `make bench`, "
                + "which runs `board-bench history --server-binary .build/release/board-server --markdown "
                + "docs/benchmarks.md` (release build).",
            "",
            "One board of \(file.items) tiles in four sections, as `board-server` stores it: \(file.items) inserts, then "
                + "\(file.moves) moves (head version \(file.head)), a snapshot every \(snapshotEvery) versions. "
                + "`board-server --snapshot-every \(snapshotEvery)` serves the file; the benchmark asks for "
                + "`GET /boards/BOARD/history?limit=\(pageSize)` and for `GET /boards/BOARD?version=V` with V 999 "
                + "versions past a snapshot (the snapshot's \(file.items) tiles decoded, 999 moves replayed, the "
                + "board encoded), \(options.requests) requests of each per round, \(options.rounds) rounds. Server CPU "
                + "is the server's user and system time over a round's requests (from /proc), per request; wall "
                + "is what the client waited for each answer (one new connection per request). Medians, then the "
                + "range of the rounds' figures: the machine is shared and its other work moves them.",
            "",
            "| request | server CPU ms | rounds | wall ms | rounds | target |",
            "|---|---:|---:|---:|---:|---:|",
        ]
        for figure in figures {
            rows.append(
                "| \(figure.name) | \(String(format: "%.1f", BenchTiming.median(of: figure.cpu))) | \(range(figure.cpu)) | "
                    + "\(String(format: "%.1f", BenchTiming.median(of: figure.wall))) | \(range(figure.roundWall)) | "
                    + "< \(Int(figure.target)) ms |")
        }
        return rows.joined(separator: "\n")
    }

    private static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--server-binary": options.serverBinary = rest.popFirst()
            case "--items": options.items = rest.popFirst().flatMap(Int.init).map { max(100, min($0, 10_000)) } ?? -1
            case "--rounds": options.rounds = rest.popFirst().flatMap(Int.init) ?? -1
            case "--requests": options.requests = rest.popFirst().flatMap(Int.init) ?? -1
            case "--markdown": options.markdownPath = rest.popFirst()
            case "--smoke": continue
            default: return nil
            }
        }
        guard options.items > 0, options.rounds > 0, options.requests > 0 else { return nil }
        return options
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("board-bench history: \(message)\n".utf8))
        return 1
    }
}
