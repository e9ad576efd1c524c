import BoardSync
import TestSupport
import Testing

/// A session under random intents, pointer targets, arrow keys in both arrangements and other
/// people's edits: every step's batch turns the view before into the view after, a change of a
/// shown board always comes with its plan, and nothing is reported broken.
@Suite struct ClientSessionSweepTests {
    @Test func everyStepIsReplayableAndPlanned() throws {
        for seed in TestSeed.sweep(count: 300, from: 9_000) {
            var random = SeededGenerator(seed: seed)
            var session = ClientSession(
                board: "team", user: "ann", client: "A", seed: seed,
                arrangement: Bool.random(using: &random)
                    ? .columns : .rows(tilesPerRow: Int.random(in: 1...4, using: &random)))
            var sequencerVersion = clientBoard.version
            var remote = BoardState(board: clientBoard)
            _ = session.handle(.start, now: 0)
            _ = session.handle(.opened, now: 0)
            var shown =
                session.handle(.received(clientWelcome()), now: 0).batch.map { _ in session.view } ?? BoardView()
            var now = 1.0
            for step in 0..<60 {
                now += 0.05
                let event = randomEvent(session: session, remote: &remote, version: &sequencerVersion, random: &random)
                let before = shown
                let answer = session.handle(event, now: now)
                let context: Comment = "seed \(seed) step \(step) \(event); \(TestSeed.rerun(seed))"
                #expect(answer.problem == nil, context)
                if let batch = answer.batch {
                    #expect(
                        try BatchReplay.apply(batch, to: before, contentFrom: session.view) == session.view, context)
                    if !before.sections.isEmpty { #expect(answer.plan != nil, context) }
                } else {
                    #expect(before == session.view, context)
                }
                shown = session.view
            }
        }
    }

    /// A person's intent on what the session shows, or bob's edit committed on the server's board.
    private func randomEvent(
        session: ClientSession, remote: inout BoardState, version: inout Int, random: inout SeededGenerator
    ) -> SessionEvent {
        let view = session.view
        let cells = view.sections.flatMap(\.cells).filter { $0.holder == nil || $0.holder?.isLocal == true }
        let anyCell = cells.randomElement(using: &random)?.id ?? "none"
        let anySection = view.sections.randomElement(using: &random)?.id ?? "none"
        switch Int.random(in: 0..<12, using: &random) {
        case 0: return .intent(.pickUp(anyCell))
        case 1: return .intent(.moveHeld(.step([.up, .down, .left, .right].randomElement(using: &random)!)))
        case 2: return .intent(.moveHeld(.before(anyCell)))
        case 3: return .intent(.moveHeld(.slotOf(anyCell)))
        case 4: return .intent(.moveHeld(.endOf(anySection)))
        case 5: return .intent(.moveHeld(.section(Int.random(in: -1...3, using: &random))))
        case 6: return .intent(Bool.random(using: &random) ? .drop : .cancel)
        case 7: return .intent(.insert(label: "New", at: .endOf(anySection)))
        case 8: return .intent(.delete(anyCell))
        case 9: return .intent(.undo)
        case 10:
            return .intent(
                .arrange(
                    Bool.random(using: &random) ? .columns : .rows(tilesPerRow: Int.random(in: 1...3, using: &random))))
        default:
            guard let op = bobsEdit(on: remote, random: &random) else { return .tick }
            remote.commit(op)
            version += 1
            return .received(bobs(version, op))
        }
    }

    /// An edit bob can make on the server's board: a move or a rename of one of its tiles.
    private func bobsEdit(on state: BoardState, random: inout SeededGenerator) -> Op? {
        let board = state.board
        let items = board.sections.flatMap(\.items)
        guard let item = items.randomElement(using: &random), let from = board.position(ofItem: item.id),
            let section = board.sections.randomElement(using: &random)
        else { return nil }
        if Bool.random(using: &random) { return .update(item: item.id, label: "Renamed") }
        let count = section.items.count - (section.id == from.section ? 1 : 0)
        return .move(
            item: item.id, from: from,
            to: Position(section: section.id, index: Int.random(in: 0...count, using: &random)))
    }
}
