import BoardClientApp
import BoardSync
import TerminalUI

#if canImport(Glibc)
    import Glibc
#endif

/// `board-bench tui`: renders a 120×40 board through the in-memory backend while remote moves
/// arrive, each played from its update batch at one frame every 1/60 s (and one more when a
/// mover's mark ends), and compares the bytes the diffing terminal writes per frame with a full
/// repaint of the same frames, plus the CPU time of update, view and diff. The measurement runs
/// several times, since CPU time on a shared machine varies from run to run.
enum TUIBenchmark {
    static let width = 120
    static let height = 40

    /// `board-bench tui [MOVES] [--runs N] [--markdown FILE]`: with `--markdown`, the figures
    /// (median and range over the runs) also go into the `## Terminal` section of that file.
    static func run(arguments: [String]) -> Int32 {
        var moves = 50
        var runs = 5
        var markdownPath: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--markdown", let path = rest.popFirst() {
                markdownPath = path
            } else if argument == "--runs", let text = rest.popFirst(), let count = Int(text), count > 0 {
                runs = count
            } else if let count = Int(argument), count > 0 {
                moves = count
            } else {
                print("usage: board-bench tui [MOVES] [--runs N] [--markdown FILE]")
                return 2
            }
        }
        let load = MachineLoad.averages()
        print("tui: \(width)x\(height), \(moves) remote one-tile moves, \(runs) runs, load averages \(load)")
        var results: [TUIRun] = []
        for _ in 0..<runs {
            let result = TUIRun.measure(moves: moves, width: width, height: height)
            results.append(result)
            print(
                "  \(result.frames) frames  bytes/frame diff \(format(result.meanDiff)) full \(format(result.meanFull))"
                    + " ratio \(format(result.ratio))%  cpu/frame mean \(format(result.meanCPU * 1e6)) µs"
                    + " p99 \(format(result.p99 * 1e6)) µs  max \(format(result.maxCPU * 1e6)) µs"
                    + "  batch frame update \(format(result.batchUpdate * 1e6)) view \(format(result.batchView * 1e6))"
                    + " diff \(format(result.batchDiff * 1e6)) µs")
        }
        func spread(_ value: (TUIRun) -> Double, scale: Double = 1e6) -> String {
            let values = results.map(value).sorted()
            let median = values[values.count / 2] * scale
            guard values.count > 1 else { return format(median) }
            return "\(format(median)) (\(format(values[0] * scale))–\(format(values[values.count - 1] * scale)))"
        }
        print("  median (range): cpu/frame p99 \(spread { $0.p99 }) µs, bytes ratio \(spread({ $0.ratio }, scale: 1))%")
        guard let markdownPath, let first = results.first else { return 0 }
        let body = """
            Machine: \(MachineInfo.current().summary). Command: `make bench`, which runs \
            `board-bench tui --markdown docs/benchmarks.md` (release build); load averages (1, 5, 15 min) \
            \(load) when the runs began.

            A 120×40 terminal showing a board of 4 sections × 14 tiles while \(moves) remote one-tile
            moves arrive, each played from its update batch at 60 frames per second until the tiles
            rest, and redrawn when a mover's mark ends (\(first.frames) frames). Every move is a swap
            with a neighbour: one tile lifted in the mover's colour, one sliding. Bytes are what
            the diffing terminal writes per frame, next to a full repaint of the same frames; CPU is
            the process's CPU time for update, view and diff of one frame. Each figure is the median
            of \(runs) runs, with the lowest and highest run in brackets: the machine is shared, and
            CPU time grows when other work competes for its caches and cores.

            | figure | diffed terminal | full repaint | target |
            |---|---:|---:|---|
            | bytes per frame | \(spread({ $0.meanDiff }, scale: 1)) | \(spread({ $0.meanFull }, scale: 1)) | ≤ 5% of full repaint: \(spread({ $0.ratio }, scale: 1))% |
            | CPU per frame, mean | \(spread { $0.meanCPU }) µs | – | < 1 ms |
            | CPU per frame, p99 | \(spread { $0.p99 }) µs | – | < 1 ms |
            | CPU per frame, max | \(spread { $0.maxCPU }) µs | – | – |
            | CPU of a frame carrying a batch: update (batch, plan) | \(spread { $0.batchUpdate }) µs | – | – |
            | … view | \(spread { $0.batchView }) µs | – | – |
            | … diff | \(spread { $0.batchDiff }) µs | – | – |
            """
        do {
            try MarkdownReport.write(section: "Terminal", body: body, to: markdownPath)
        } catch {
            print("tui: cannot write \(markdownPath): \(error)")
            return 1
        }
        return 0
    }

    static func format(_ value: Double) -> String {
        String(Double((value * 10).rounded()) / 10)
    }
}
