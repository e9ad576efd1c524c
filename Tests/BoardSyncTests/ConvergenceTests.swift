import Foundation
import Testing

@testable import BoardSync

/// Random multi-user runs through the in-process harness: every client ends with the server's
/// board, no item is lost or duplicated, no edit disappears silently, and every update batch
/// replays on the view it was made for.
@Suite struct ConvergenceTests {
    /// Section `main` with a to `e`, and an empty section `done`.
    static let startBoard = Board(
        id: "team", version: 0,
        sections: [
            Section(
                id: "main", title: "Main",
                items: ["a", "b", "c", "d", "e"].map { Item(id: ItemID($0), label: $0.uppercased()) }),
            Section(id: "done", title: "Done"),
        ])

    /// How many seeds each property runs; `BOARD_SYNC_SEEDS` raises it for a longer sweep.
    static var runCount: Int {
        ProcessInfo.processInfo.environment["BOARD_SYNC_SEEDS"].flatMap(Int.init) ?? 300
    }

    /// One random run; returns the driver after settling, or nil after recording the failure
    /// (with a trace of the steps, from running the seed again).
    static func randomRun(
        seed: UInt64, clients: Int, steps: Int, disconnectRate: Double, viewers: Set<Int> = []
    ) -> HarnessDriver? {
        func run(tracing: Bool) -> (HarnessDriver, [String]) {
            let harness = Harness(board: startBoard, clientCount: clients, viewers: viewers)
            var driver = HarnessDriver(harness: harness, seed: seed)
            driver.disconnectRate = disconnectRate
            driver.tracing = tracing
            for index in 0..<clients { driver.harness.connect(index) }
            for _ in 0..<steps { driver.step() }
            var settled = driver.harness.settle(keepDrags: true)
            var problems = driver.harness.dragDifferences()
            settled = settled && driver.harness.settle()
            problems += driver.harness.failures
            if !settled { problems.append("did not settle") }
            problems += driver.harness.quietDifferences()
            problems += ledgerProblems(driver.harness)
            return (driver, problems)
        }
        let (driver, problems) = run(tracing: false)
        guard problems.isEmpty else {
            let (traced, again) = run(tracing: true)
            Issue.record(Comment(rawValue: traced.report(seed: seed, problems: again.isEmpty ? problems : again)))
            return nil
        }
        return driver
    }

    /// The server's board holds exactly the items inserted minus the items deleted (directly or
    /// with their section) by the committed ops, each once.
    static func ledgerProblems(_ harness: Harness) -> [String] {
        var live = Set(startBoard.sections.flatMap(\.items).map(\.id))
        var sectionItems: [SectionID: Set<ItemID>] = Dictionary(
            uniqueKeysWithValues: startBoard.sections.map { ($0.id, Set($0.items.map(\.id))) })
        var problems: [String] = []
        for record in harness.committedLog {
            switch record.op {
            case .insert(let item, let to):
                if !live.insert(item.id).inserted { problems.append("\(item.id) inserted twice") }
                sectionItems[to.section, default: []].insert(item.id)
            case .move(let item, let from, let to):
                sectionItems[from.section]?.remove(item)
                sectionItems[to.section, default: []].insert(item)
            case .delete(let item, let from):
                if live.remove(item) == nil { problems.append("\(item) deleted but not live") }
                sectionItems[from.section]?.remove(item)
            case .insertSection(let header, _):
                sectionItems[header.id] = []
            case .deleteSection(let section, _):
                live.subtract(sectionItems.removeValue(forKey: section) ?? [])
            case .update, .moveSection, .renameSection:
                break
            }
        }
        let ids = harness.sequencer.snapshot.sections.flatMap(\.items).map(\.id)
        if ids.count != Set(ids).count { problems.append("an item appears twice: \(ids)") }
        if Set(ids) != live { problems.append("items \(Set(ids)) != inserted minus deleted \(live)") }
        let versions = harness.committedLog.map(\.version)
        if versions != Array(stride(from: 1, through: versions.count, by: 1)) {
            problems.append("versions are not 1, 2, 3, ...: \(versions)")
        }
        return problems
    }

    @Test func clientsConvergeWithReorderingAndReconnects() {
        var totals = HarnessCounts()
        for run in 0..<Self.runCount {
            let seed = UInt64(1000 + run)
            let clients = 3 + run % 3
            let viewers: Set<Int> = run % 4 == 0 ? [0] : []
            guard
                let driver = Self.randomRun(
                    seed: seed, clients: clients, steps: 60 + run % 40, disconnectRate: 0.02, viewers: viewers)
            else { return }
            totals.add(driver.harness.counts)
        }
        #expect(totals.acceptedEdits > Self.runCount * 3)
        #expect(totals.batches > totals.acceptedEdits)
        #expect(totals.reconnects > Self.runCount / 4)
        print("convergence totals: \(totals)")
    }

    @Test func clientsConvergeWithoutReconnects() {
        for run in 0..<Self.runCount / 3 {
            let seed = UInt64(50_000 + run)
            guard Self.randomRun(seed: seed, clients: 3, steps: 80, disconnectRate: 0) != nil else { return }
        }
    }

    /// One person at a time, each waiting for quiet: what the client showed right after the edit
    /// is exactly what the server committed.
    @Test func predictionEqualsCommitWithoutConcurrency() {
        for run in 0..<Self.runCount / 3 {
            let seed = UInt64(90_000 + run)
            var driver = HarnessDriver(harness: Harness(board: Self.startBoard, clientCount: 3), seed: seed)
            for index in 0..<3 { driver.harness.connect(index) }
            _ = driver.harness.settle()
            for step in 0..<20 {
                let index = (run + step) % 3
                var predicted: BoardView?
                if step % 4 == 3 {
                    predicted = Self.dragAndDrop(&driver, index)
                } else if let state = driver.harness.clients[index].machine.optimistic,
                    let edit = driver.randomEdit(on: state)
                {
                    driver.perform(edit, on: index)
                    predicted = driver.harness.clients[index].machine.view
                }
                guard driver.harness.settle() else {
                    Issue.record("seed \(seed): did not settle")
                    return
                }
                let served = BoardView(board: driver.harness.sequencer.snapshot)
                let problems = driver.harness.failures + driver.harness.quietDifferences()
                if let predicted, predicted != served || !problems.isEmpty {
                    Issue.record(
                        "seed \(seed) step \(step): predicted \(predicted)\nserver \(served)\n\(problems.joined(separator: "\n"))"
                    )
                    return
                }
            }
        }
    }

    /// Picks up a random item, drags it over a few places and drops it; returns the view right
    /// after the drop.
    static func dragAndDrop(_ driver: inout HarnessDriver, _ index: Int) -> BoardView? {
        guard let state = driver.harness.clients[index].machine.optimistic,
            let item = state.board.sections.flatMap(\.items).first?.id
        else { return nil }
        _ = driver.harness.run(index, "beginDrag") { $0.beginDrag(item: item) }
        for _ in 0..<3 {
            guard let section = state.board.sections.randomElement(using: &driver.random) else { break }
            let target = Position(
                section: section.id, index: Int.random(in: 0...section.items.count, using: &driver.random))
            driver.harness.now += 0.01
            let now = driver.harness.now
            _ = driver.harness.run(index, "dragOver") { $0.dragOver(to: target, now: now) }
        }
        _ = driver.harness.run(index, "drop") { $0.drop() }
        return driver.harness.clients[index].machine.view
    }
}

extension HarnessCounts {
    mutating func add(_ other: HarnessCounts) {
        localEdits += other.localEdits
        acceptedEdits += other.acceptedEdits
        batches += other.batches
        refusedSubmits += other.refusedSubmits
        noopAcks += other.noopAcks
        reconnects += other.reconnects
        remoteNotices += other.remoteNotices
    }
}
