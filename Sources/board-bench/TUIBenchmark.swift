import BoardClientApp
import BoardSync
import TerminalUI

#if canImport(Glibc)
    import Glibc
#endif

/// `board-bench tui`: renders a 120×40 board through the in-memory backend while remote moves
/// arrive, one animated frame every 1/60 s (and one when a mover's mark ends), and compares the
/// bytes the diffing terminal writes per frame with a full repaint of the same frames, plus the
/// CPU time of update, view and diff.
enum TUIBenchmark {
    static let width = 120
    static let height = 40

    /// `board-bench tui [MOVES] [--markdown FILE]`: with `--markdown`, the figures also go into
    /// the `## Terminal` section of that file.
    static func run(arguments: [String]) -> Int32 {
        var moves = 50
        var markdownPath: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--markdown", let path = rest.popFirst() {
                markdownPath = path
            } else if let count = Int(argument), count > 0 {
                moves = count
            } else {
                print("usage: board-bench tui [MOVES] [--markdown FILE]")
                return 2
            }
        }
        var sections: [Section] = []
        for s in 0..<4 {
            sections.append(
                Section(
                    id: "s\(s)", title: "Section \(s)",
                    items: (0..<14).map { Item(id: "i\(s)-\($0)", label: "Tile \(s).\($0) with a label") }))
        }
        var model = AppModel(
            clientID: "bench00000000000", user: "bench", boardName: "bench",
            size: TerminalSize(width: width, height: height), seed: 1)
        var time = 0.0
        _ = model.update(.connectionOpened, now: time)
        let board = Board(id: "bench", version: 0, sections: sections)
        _ = model.update(
            .server(
                .welcome(
                    .init(state: .board(board), you: .init(client: "bench00000000000", user: "bench", role: .editor)))),
            now: time)
        let backend = InMemoryBackend(width: width, height: height)
        let terminal = Terminal(backend: backend)
        let full = FullRepaintRenderer()
        let cache = RenderCache()
        _ = try? terminal.draw(AppView.render(model, time: time, cache: cache))

        var frames = 0
        var diffBytes = 0
        var fullBytes = 0
        var cpu: [Double] = []
        var version = 0
        var ticks: [Double] = []
        /// CPU seconds of the frames that carry a batch, split into update, view and diff.
        var batchFrames: [(update: Double, view: Double, diff: Double)] = []
        /// Draws one frame after `message`, and the following animation frames while asked to.
        func play(_ message: AppMessage) {
            let started = cpuSeconds()
            var commands = model.update(message, now: time)
            for case .scheduleTick(let at) in commands { ticks.append(at) }
            guard commands.contains(.requestFrame) else { return }
            let updated = cpuSeconds()
            var buffer = AppView.render(model, time: time, cache: cache)
            let viewed = cpuSeconds()
            var bytes = (try? terminal.draw(buffer)) ?? 0
            let drawn = cpuSeconds()
            cpu.append(drawn - started)
            if case .server = message {
                batchFrames.append((updated - started, viewed - updated, drawn - viewed))
            }
            frames += 1
            diffBytes += bytes
            fullBytes += full.render(buffer).count
            while commands.contains(.requestFrame) {
                time += 1.0 / 60.0
                let frameStart = cpuSeconds()
                commands = model.update(.frame, now: time)
                buffer = AppView.render(model, time: time, cache: cache)
                bytes = (try? terminal.draw(buffer)) ?? 0
                cpu.append(cpuSeconds() - frameStart)
                frames += 1
                diffBytes += bytes
                fullBytes += full.render(buffer).count
            }
        }
        for move in 0..<moves {
            let section = "s\(move % 4)"
            guard let items = model.machine.committed?.board.sections.first(where: { $0.id == section })?.items else {
                break
            }
            let from = move % 6
            let op = Op.move(
                item: items[from].id, from: Position(section: section, index: from),
                to: Position(section: section, index: from + 1))
            version += 1
            play(.server(.op(.init(version: version, client: "peer000000000001", user: "peer", op: op))))
            let next = time + 0.5
            ticks.sort()
            while let tick = ticks.first, tick <= next {
                ticks.removeFirst()
                time = max(time, tick)
                play(.tick)
            }
            time = next
        }
        let meanDiff = Double(diffBytes) / Double(max(frames, 1))
        let meanFull = Double(fullBytes) / Double(max(frames, 1))
        let sorted = cpu.sorted()
        let meanCPU = cpu.reduce(0, +) / Double(max(cpu.count, 1))
        let p99 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
        let batchCount = Double(max(batchFrames.count, 1))
        let batchUpdate = batchFrames.reduce(0) { $0 + $1.update } / batchCount
        let batchView = batchFrames.reduce(0) { $0 + $1.view } / batchCount
        let batchDiff = batchFrames.reduce(0) { $0 + $1.diff } / batchCount
        if let markdownPath {
            let body = """
                Machine: \(MachineInfo.current().summary). Command: `make bench`, which runs \
                `board-bench tui --markdown docs/benchmarks.md` (release build).

                A 120×40 terminal showing a board of 4 sections × 14 tiles while \(moves) remote one-tile
                moves arrive, each played from its update batch at 60 frames per second until the tiles
                rest, plus one frame when the mover's mark ends (\(frames) frames).
                Bytes are what the diffing terminal writes per frame, next to a full repaint of the same
                frames; CPU is the process's CPU time for update, view and diff of one frame.

                | figure | diffed terminal | full repaint | target |
                |---|---:|---:|---|
                | bytes per frame | \(format(meanDiff)) | \(format(meanFull)) | ≤ 5% of full repaint: \(format(100 * meanDiff / max(meanFull, 1)))% |
                | CPU per frame, mean | \(format(meanCPU * 1e6)) µs | – | < 1 ms |
                | CPU per frame, p99 | \(format(p99 * 1e6)) µs | – | < 1 ms |
                | CPU per frame, max | \(format((sorted.last ?? 0) * 1e6)) µs | – | – |
                | CPU of a frame carrying a batch, mean: update (batch, plan) / view / diff | \(format(batchUpdate * 1e6)) / \(format(batchView * 1e6)) / \(format(batchDiff * 1e6)) µs | – | – |
                """
            do {
                try MarkdownReport.write(section: "Terminal", body: body, to: markdownPath)
            } catch {
                print("tui: cannot write \(markdownPath): \(error)")
                return 1
            }
        }
        print("tui: \(width)x\(height), \(moves) remote one-tile moves, \(frames) frames")
        print(
            "  bytes/frame  diff \(format(meanDiff))  full repaint \(format(meanFull))  ratio \(format(100 * meanDiff / max(meanFull, 1)))%"
        )
        print(
            "  cpu/frame    mean \(format(meanCPU * 1e6)) µs  p99 \(format(p99 * 1e6)) µs  max \(format((sorted.last ?? 0) * 1e6)) µs"
        )
        print(
            "  batch frame  update \(format(batchUpdate * 1e6)) µs  view \(format(batchView * 1e6)) µs  diff \(format(batchDiff * 1e6)) µs (mean of \(batchFrames.count))"
        )
        return 0
    }

    static func cpuSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    static func format(_ value: Double) -> String {
        String(Double((value * 10).rounded()) / 10)
    }
}
