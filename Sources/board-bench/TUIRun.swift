import BoardClientApp
import BoardSync
import TerminalUI

#if canImport(Glibc)
    import Glibc
#endif

/// One measured run of `board-bench tui`: the figures of every frame drawn while the moves play.
struct TUIRun {
    var frames = 0
    var diffBytes = 0
    var fullBytes = 0
    /// CPU seconds of each frame: update, view and diff.
    var cpu: [Double] = []
    /// CPU seconds of the frames that carry a batch, split into update, view and diff.
    var batchFrames: [(update: Double, view: Double, diff: Double)] = []

    var meanDiff: Double { Double(diffBytes) / Double(max(frames, 1)) }
    var meanFull: Double { Double(fullBytes) / Double(max(frames, 1)) }
    var ratio: Double { 100 * meanDiff / max(meanFull, 1) }
    var meanCPU: Double { cpu.reduce(0, +) / Double(max(cpu.count, 1)) }
    var p99: Double {
        let sorted = cpu.sorted()
        return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
    }
    var maxCPU: Double { cpu.max() ?? 0 }
    var batchUpdate: Double { mean(batchFrames.map { $0.update }) }
    var batchView: Double { mean(batchFrames.map { $0.view }) }
    var batchDiff: Double { mean(batchFrames.map { $0.diff }) }

    private func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(values.count, 1)) }

    /// Plays `moves` remote moves on a board of 4 sections × 14 tiles, a move every 0.7 s or so,
    /// delivering the ticks the client asks for (the ends of movers' marks) in time order.
    static func measure(moves: Int, width: Int, height: Int) -> TUIRun {
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
        let terminal = Terminal(backend: InMemoryBackend(width: width, height: height))
        let full = FullRepaintRenderer()
        let cache = RenderCache()
        _ = try? terminal.draw(AppView.render(model, time: time, cache: cache))

        var run = TUIRun()
        var ticks: [Double] = []
        func draw(since started: Double, updated: Double? = nil) {
            let viewStart = updated ?? cpuSeconds()
            let buffer = AppView.render(model, time: time, cache: cache)
            let viewed = cpuSeconds()
            let bytes = (try? terminal.draw(buffer)) ?? 0
            let drawn = cpuSeconds()
            run.cpu.append(drawn - started)
            if updated != nil { run.batchFrames.append((viewStart - started, viewed - viewStart, drawn - viewed)) }
            run.frames += 1
            run.diffBytes += bytes
            run.fullBytes += full.render(buffer).count
        }
        /// Draws one frame after `message`, and the following animation frames while asked to.
        func play(_ message: AppMessage) {
            let started = cpuSeconds()
            var commands = model.update(message, now: time)
            for case .scheduleTick(let at) in commands { ticks.append(at) }
            guard commands.contains(.requestFrame) else { return }
            var isBatch = false
            if case .server = message { isBatch = true }
            draw(since: started, updated: isBatch ? cpuSeconds() : nil)
            while commands.contains(.requestFrame) {
                time += 1.0 / 60.0
                let frameStart = cpuSeconds()
                commands = model.update(.frame, now: time)
                draw(since: frameStart)
            }
        }
        var version = 0
        for move in 0..<moves {
            let section: SectionID = "s\(move % 4)"
            guard let items = model.machine.committed?.board.sections.first(where: { $0.id == section })?.items else {
                break
            }
            let from = move % 6
            let op = Op.move(
                item: items[from].id, from: Position(section: section, index: from),
                to: Position(section: section, index: from + 1))
            version += 1
            play(.server(.op(.init(version: version, client: "peer000000000001", user: "peer", seq: 0, op: op))))
            let next = time + 0.5
            ticks.sort()
            while let tick = ticks.first, tick <= next {
                ticks.removeFirst()
                time = max(time, tick)
                play(.tick)
            }
            time = next
        }
        return run
    }

    static func cpuSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
