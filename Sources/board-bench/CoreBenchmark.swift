import BoardSync
import Foundation
import TestSupport

/// `board-bench core`: the flat list diff and the board batch diff against Swift's
/// `CollectionDifference` (`difference(from:).inferringMoves()`) on the same id arrays.
enum CoreBenchmark {
    static let mode = BenchMode(name: "core", summary: "list and batch diff against CollectionDifference") {
        run(arguments: $0)
    }

    /// Every case the mode runs, in order. Other parts of the project add theirs by extending
    /// `additionalCases` (see `CoreBenchmark+AdditionalCases.swift`).
    static var cases: [CoreBenchCase] { diffCases + boardCases + additionalCases }

    static let seed: UInt64 = 0xB0A2_D5EE_D001

    static var diffCases: [CoreBenchCase] {
        [
            listCase("500 items, 20 changes", n: 500, peerRuns: 200) { generator in
                edited(count: 500, deletes: 7, inserts: 6, moves: 7, using: &generator)
            },
            listCase("5,000 items: 1,000 deleted, 1,000 inserted, 200 moved", n: 5_000, peerRuns: 5) { generator in
                edited(count: 5_000, deletes: 1_000, inserts: 1_000, moves: 200, using: &generator)
            },
            listCase("10,000 items, random shuffle", n: 10_000, peerRuns: 1) { generator in
                let old = ids(0..<10_000)
                return (old, old.shuffled(using: &generator))
            },
            listCase("100,000 items, 1% changed", n: 100_000, peerRuns: 9) { generator in
                edited(count: 100_000, deletes: 340, inserts: 330, moves: 330, using: &generator)
            },
            listCase("single move in 10,000", n: 10_000, peerRuns: 50) { generator in
                edited(count: 10_000, deletes: 0, inserts: 0, moves: 1, using: &generator)
            },
        ]
    }

    static var boardCases: [CoreBenchCase] {
        [
            CoreBenchCase(name: "board 10,000 cells in 20 sections, 1% changed (UpdateBatch)", n: 10_000) {
                var generator = SeededGenerator(seed: seed)
                let old = boardView(sections: 20, cellsPerSection: 500)
                let new = editedBoard(old, changes: 100, using: &generator)
                let timing = BenchTiming.median(minimum: 5, maximum: 300, budgetSeconds: 1) {
                    UpdateBatch.between(old: old, new: new)
                }
                return CoreBenchResult(
                    name: "board 10,000 cells in 20 sections, 1% changed (UpdateBatch)", n: 10_000,
                    medianMilliseconds: timing.milliseconds, runs: timing.runs,
                    moves: timing.result.itemMoves.count + timing.result.sectionMoves.count,
                    peerMedianMilliseconds: nil, peerRuns: nil, peerMoves: nil)
            }
        ]
    }

    /// A case comparing `ListDiff.between` with `CollectionDifference` on one pair of id lists.
    static func listCase(
        _ name: String, n: Int, peerRuns: Int,
        lists: @escaping @Sendable (inout SeededGenerator) -> (old: [String], new: [String])
    ) -> CoreBenchCase {
        CoreBenchCase(name: name, n: n) {
            var generator = SeededGenerator(seed: seed ^ UInt64(n))
            let (old, new) = lists(&generator)
            let (ours, peer) = BenchTiming.interleavedMedians(
                rounds: peerRuns, firstPerRound: Swift.max(5, 1_000 / peerRuns), budgetSeconds: 4,
                { ListDiff.between(old: old, new: new) },
                { new.difference(from: old).inferringMoves() })
            let peerMoves = peer.result.removals.reduce(0) { count, change in
                guard case .remove(_, _, let associated) = change, associated != nil else { return count }
                return count + 1
            }
            return CoreBenchResult(
                name: name, n: n, medianMilliseconds: ours.milliseconds, runs: ours.runs,
                moves: ours.result.moves.count, peerMedianMilliseconds: peer.milliseconds, peerRuns: peer.runs,
                peerMoves: peerMoves)
        }
    }

    static func ids(_ range: Range<Int>) -> [String] { range.map { "item\($0)" } }

    /// `0..<count` with random deletes, then random moves, then inserts of fresh ids.
    static func edited(
        count: Int, deletes: Int, inserts: Int, moves: Int, using generator: inout SeededGenerator
    ) -> (old: [String], new: [String]) {
        let old = ids(0..<count)
        var new = old
        for _ in 0..<deletes { new.remove(at: Int.random(in: new.indices, using: &generator)) }
        for _ in 0..<moves {
            let moved = new.remove(at: Int.random(in: new.indices, using: &generator))
            new.insert(moved, at: Int.random(in: 0...new.count, using: &generator))
        }
        for fresh in ids(count..<(count + inserts)) {
            new.insert(fresh, at: Int.random(in: 0...new.count, using: &generator))
        }
        return (old, new)
    }

    static func boardView(sections: Int, cellsPerSection: Int) -> BoardView {
        BoardView(
            sections: (0..<sections).map { section in
                ViewSection(
                    id: "s\(section)", title: "Section \(section)",
                    cells: (0..<cellsPerSection).map { ViewCell(id: "c\(section)-\($0)", label: "Item \($0)") })
            })
    }

    /// Random cell moves (within and across sections), relabels and deletes.
    static func editedBoard(_ view: BoardView, changes: Int, using generator: inout SeededGenerator) -> BoardView {
        var view = view
        for change in 0..<changes {
            let section = Int.random(in: view.sections.indices, using: &generator)
            guard !view.sections[section].cells.isEmpty else { continue }
            let item = Int.random(in: view.sections[section].cells.indices, using: &generator)
            switch change % 3 {
            case 0:
                let cell = view.sections[section].cells.remove(at: item)
                let target = Int.random(in: view.sections.indices, using: &generator)
                view.sections[target].cells.insert(
                    cell, at: Int.random(in: 0...view.sections[target].cells.count, using: &generator))
            case 1: view.sections[section].cells[item].label = "Edited \(change)"
            default: view.sections[section].cells.remove(at: item)
            }
        }
        return view
    }

    // MARK: - Command line

    static func run(arguments: [String]) -> Int32 {
        var json = false
        var markdownPath: String?
        var filter: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--json": json = true
            case "--markdown":
                guard let path = remaining.popFirst() else {
                    FileHandle.standardError.write(Data("--markdown needs a file name\n".utf8))
                    return 2
                }
                markdownPath = path
            case "--runs":
                guard let text = remaining.popFirst(), let runs = Int(text), runs > 0 else {
                    FileHandle.standardError.write(Data("--runs needs a positive number\n".utf8))
                    return 2
                }
                BenchTiming.fixedRuns = runs
            case "--only":
                guard let text = remaining.popFirst() else {
                    FileHandle.standardError.write(Data("--only needs part of a case name\n".utf8))
                    return 2
                }
                filter = text
            default:
                FileHandle.standardError.write(
                    Data("usage: board-bench core [--json] [--markdown FILE] [--only TEXT] [--runs N]\n".utf8))
                return 2
            }
        }
        var results: [CoreBenchResult] = []
        for benchCase in cases where filter.map(benchCase.name.contains) ?? true {
            let result = benchCase.run()
            results.append(result)
            if json { print(jsonLine(result)) }
        }
        let table = markdownTable(results)
        if !json { print(table) }
        if let markdownPath {
            let command = (["swift run -c release board-bench core"] + arguments.map(shellQuoted)).joined(
                separator: " ")
            let body = """
                Command: `\(command)`

                Machine: \(MachineInfo.current().summary)

                Times are medians of the thread CPU time per run (seeded inputs, release build); the
                comparison runs are interleaved with ours. `ratio` is how many times faster `ListDiff`
                is than `CollectionDifference` (`difference(from:).inferringMoves()`); moves count
                removals with an associated insertion. A decode case's run decodes its n messages
                from their bytes (1,000 different frames in turn; the welcome is one message of n
                items), as `WireCodec.receiveClientMessage` on the server and `decodeServerMessage`
                on a client.

                \(table)
                """
            do {
                try MarkdownReport.write(section: "Core", body: body, to: markdownPath)
            } catch {
                FileHandle.standardError.write(Data("cannot write \(markdownPath): \(error)\n".utf8))
                return 1
            }
        }
        return 0
    }

    static func shellQuoted(_ argument: String) -> String {
        let plain = argument.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./=,:".unicodeScalars.contains(scalar)
        }
        return plain && !argument.isEmpty ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    static func jsonLine(_ result: CoreBenchResult) -> String {
        func number(_ value: Double?) -> String { value.map { String(format: "%.6f", $0) } ?? "null" }
        func integer(_ value: Int?) -> String { value.map(String.init) ?? "null" }
        let escapedName = result.name.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"")
        return "{\"name\":\"\(escapedName)\",\"n\":\(result.n),\"median_ms\":\(number(result.medianMilliseconds)),"
            + "\"peer_median_ms\":\(number(result.peerMedianMilliseconds)),\"ratio\":\(number(result.ratio)),"
            + "\"moves\":\(integer(result.moves)),\"peer_moves\":\(integer(result.peerMoves))}"
    }

    static func markdownTable(_ results: [CoreBenchResult]) -> String {
        func format(_ value: Double?, _ digits: Int) -> String {
            value.map { String(format: "%.\(digits)f", $0) } ?? "–"
        }
        var lines = [
            "| case | n | median ms (runs) | CollectionDifference median ms (runs) | ratio | moves | peer moves |",
            "|---|---:|---:|---:|---:|---:|---:|",
        ]
        for result in results {
            let peer = result.peerMedianMilliseconds.map { "\(format($0, 3)) (\(result.peerRuns ?? 0))" } ?? "–"
            lines.append(
                "| \(result.name) | \(result.n) | \(format(result.medianMilliseconds, 4)) (\(result.runs)) | \(peer) "
                    + "| \(format(result.ratio, 0))× | \(result.moves.map(String.init) ?? "–") "
                    + "| \(result.peerMoves.map(String.init) ?? "–") |")
        }
        return lines.joined(separator: "\n")
    }
}
