import BoardSync
import TestSupport
import Testing

/// A block dropped through the server: its tiles stand one after the other, in the block's order,
/// where the block was put, when nothing else touched the target section; and rebasing its group
/// through others' ops in other sections keeps that.
@Suite struct BlockPlacementPropertyTests {
    @Test func aBlockLandsContiguousInItsOrder() {
        for seed in TestSeed.sweep(count: 2_000, from: 70_000) {
            var random = SeededGenerator(seed: seed)
            let board = Self.board(&random)
            var items = board.sections.flatMap(\.items).map(\.id)
            items.shuffle(using: &random)
            let block = Array(items.prefix(Int.random(in: 1...min(5, items.count), using: &random)))
            let target = board.sections.randomElement(using: &random)!
            let others = target.items.filter { !block.contains($0.id) }
            let index = Int.random(in: 0...others.count, using: &random)
            var machine = ClientMachine(clientID: "A", user: "ann", boardID: "b")
            _ = machine.connectionOpened()
            _ = machine.receive(Self.welcome(board))
            let output = machine.perform(.moveItems(block, to: Position(section: target.id, index: index)))
            var sequencer = Sequencer(state: BoardState(board: board))
            _ = sequencer.handle(.connected(ConnectionID(1), role: .editor), now: 0)
            _ = sequencer.handle(.received(ConnectionID(1), .hello(.init(client: "A", user: "ann"))), now: 0)
            _ = sequencer.handle(.connected(ConnectionID(2), role: .editor), now: 0)
            _ = sequencer.handle(.received(ConnectionID(2), .hello(.init(client: "B", user: "bob"))), now: 0)
            if let elsewhere = board.sections.first(where: { $0.id != target.id }) {
                let insert = Op.insert(
                    item: Item(id: "new", label: "New"), to: Position(section: elsewhere.id, index: 0))
                _ = sequencer.handle(.received(ConnectionID(2), .submit(.init(seq: 1, base: 0, op: insert))), now: 0)
                _ = sequencer.handle(.flushed, now: 0)
            }
            for case .submit(let submit) in output.send {
                _ = sequencer.handle(.received(ConnectionID(1), .submit(submit)), now: 0)
            }
            let landed = sequencer.snapshot.sections.first { $0.id == target.id }!.items.map(\.id)
            let expected = Array(others.map(\.id).prefix(index)) + block + Array(others.map(\.id).dropFirst(index))
            #expect(
                landed == expected, "seed \(seed): block \(block) at \(target.id):\(index); \(TestSeed.rerun(seed))")
        }
    }

    static func board(_ random: inout SeededGenerator) -> Board {
        var counter = 0
        let sections = (0..<Int.random(in: 1...3, using: &random)).map { s in
            Section(
                id: SectionID("s\(s)"), title: "S\(s)",
                items: (0..<Int.random(in: 0...6, using: &random)).map { _ in
                    counter += 1
                    return Item(id: ItemID("i\(counter)"), label: "L\(counter)")
                })
        }
        if sections.allSatisfy({ $0.items.isEmpty }) {
            return Board(
                id: "b", version: 0, sections: [Section(id: "s0", title: "S0", items: [Item(id: "i1", label: "L")])])
        }
        return Board(id: "b", version: 0, sections: sections)
    }

    static func welcome(_ board: Board) -> ServerMessage {
        .welcome(
            .init(state: .board(board), you: .init(client: "A", user: "ann", role: .editor), peers: [], lastSeq: 0))
    }
}
