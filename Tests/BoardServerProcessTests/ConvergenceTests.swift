import BoardSync
import Foundation
import TestSupport
import Testing

/// Several `ClientMachine`s over real sockets edit one board at random, concurrently; at the end
/// every client shows exactly the server's board.
@Suite("clients converge over real sockets")
struct ConvergenceTests {
    @Test(arguments: [(clients: 2, edits: 60), (clients: 10, edits: 20)])
    func concurrentRandomEditsConverge(clients: Int, edits: Int) throws {
        let seed = TestSeed.fresh()
        print("convergence with \(clients) clients: seed \(seed) (\(TestSeed.rerun(seed)))")
        let server = try ServerProcess()
        defer { server.finish() }
        let board = "converge\(clients)"
        let drivers = try (0..<clients).map {
            try MachineDriver(
                url: server.url(board: board), board: board, client: "m\($0)-\(seed % 10_000)", user: "user\($0)")
        }
        defer { drivers.forEach { $0.stop() } }
        for driver in drivers {
            #expect(driver.wait(timeout: 10) { $0.phase == .live }, "no welcome")
        }
        DispatchQueue.concurrentPerform(iterations: clients) { index in
            var generator = SeededGenerator(seed: seed &+ UInt64(index) &* 7919)
            let driver = drivers[index]
            for step in 0..<edits {
                let backlog = Int.random(in: 0...2, using: &generator)
                _ = driver.wait(timeout: 10) { $0.pendingCount <= backlog }
                let roll = generator.next()
                driver.update { machine in
                    guard let board = machine.optimistic?.board,
                        let edit = RandomEdits.edit(on: board, roll: roll, id: "e\(index)-\(step)")
                    else { return ClientOutput() }
                    return machine.perform(edit)
                }
            }
        }
        for (index, driver) in drivers.enumerated() {
            #expect(
                driver.wait(timeout: 20) { $0.pendingCount == 0 },
                "client \(index) still has pending edits (seed \(seed))")
        }
        let snapshot = try HTTPProbe.get(port: server.port, path: "/boards/\(board)")
        let serverBoard = try WireCodec.decodeBoard(Array(snapshot.body.utf8))
        for (index, driver) in drivers.enumerated() {
            #expect(
                driver.wait(timeout: 10) { $0.version == serverBoard.version }, "client \(index) lags (seed \(seed))")
            let (committed, view) = driver.read { ($0.committed?.board, $0.view) }
            #expect(committed == serverBoard, "client \(index) differs from the server (seed \(seed))")
            #expect(view == BoardView(board: serverBoard), "client \(index) shows another view (seed \(seed))")
            #expect(driver.problems.isEmpty, "client \(index): \(driver.problems) (seed \(seed))")
        }
        #expect(serverBoard.version > edits, "too few edits were committed (seed \(seed))")
    }
}

/// Random local edits that are valid on the board a client sees.
enum RandomEdits {
    static func edit(on board: Board, roll: UInt64, id: String) -> LocalEdit? {
        var generator = SeededGenerator(seed: roll)
        let items = board.sections.flatMap { section in section.items.map { ($0.id, section.id) } }
        if board.sections.isEmpty {
            return .insertSection(SectionHeader(id: SectionID(id), title: "Section \(id)"), at: 0)
        }
        let section = board.sections.randomElement(using: &generator)!
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<30:
            return .insert(
                Item(id: ItemID(id), label: "Tile \(id)"),
                at: Position(section: section.id, index: Int.random(in: 0...section.items.count, using: &generator)))
        case 30..<60:
            guard let (item, from) = items.randomElement(using: &generator) else { return nil }
            let count = section.items.count - (from == section.id ? 1 : 0)
            return .move(
                item: item,
                to: Position(section: section.id, index: Int.random(in: 0...max(0, count), using: &generator)))
        case 60..<72:
            guard let (item, _) = items.randomElement(using: &generator) else { return nil }
            return .delete(item: item)
        case 72..<82:
            guard let (item, _) = items.randomElement(using: &generator) else { return nil }
            return .rename(item: item, label: "Renamed \(id)")
        case 82..<89:
            guard board.sections.count < 6 else { return nil }
            return .insertSection(
                SectionHeader(id: SectionID(id), title: "Section \(id)"),
                at: Int.random(in: 0...board.sections.count, using: &generator))
        case 89..<94:
            return .moveSection(section.id, to: Int.random(in: 0..<board.sections.count, using: &generator))
        case 94..<98:
            return .renameSection(section.id, title: "Title \(id)")
        default:
            guard board.sections.count > 2 else { return nil }
            return .deleteSection(section.id)
        }
    }
}
