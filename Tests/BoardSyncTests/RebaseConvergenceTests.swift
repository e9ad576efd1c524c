import BoardSync
import TestSupport
import Testing

/// Rebasing in the client's direction (`opIsNewer: false`: a remote op committed first, moved past
/// the client's own local op that the server will commit after it) must reach the state the server
/// reaches by committing the remote op and then the rebased local op.
@Suite struct RebaseConvergenceTests {
    /// Whether one op deletes a section the other moves an item out of or into. No single op can
    /// transform one past the other: the server keeps an item moved out before the deletion and
    /// drops a move into a section deleted first, which a client that already applied its own op
    /// can only reach by replaying its pending ops on the committed state.
    private static func movesAcrossADeletedSection(_ first: Op, _ second: Op) -> Bool {
        func crosses(_ move: Op, _ deletion: Op) -> Bool {
            guard case .move(_, let from, let to) = move, case .deleteSection(let section, _) = deletion else {
                return false
            }
            return from.section == section || to.section == section
        }
        return crosses(first, second) || crosses(second, first)
    }

    @Test func bothDirectionsReachTheSameBoard() {
        var failures = 0
        for seed in TestSeed.sweep(count: 4000, from: 0xC0DE_0000) {
            var rng = SeededGenerator(seed: seed)
            let state = RebaseRandomOps.state(using: &rng)
            let remote = RebaseRandomOps.op(on: state, newID: "r0", using: &rng)
            let local = RebaseRandomOps.op(on: state, newID: "l0", using: &rng)
            if Self.movesAcrossADeletedSection(remote, local) { continue }

            var server = state
            server.apply(remote)
            if let rebased = Rebase.rebase(local, through: remote) { server.apply(rebased) }
            var client = state
            client.apply(local)
            if let rebased = Rebase.rebase(remote, through: local, opIsNewer: false) { client.apply(rebased) }

            if server.board.sections != client.board.sections {
                Issue.record(
                    """
                    seed \(seed): board \(RebaseRandomOps.picture(of: state.board))
                    remote \(remote), local \(local)
                    server \(RebaseRandomOps.picture(of: server.board)), client \(RebaseRandomOps.picture(of: client.board))
                    """)
                failures += 1
                if failures == 5 { return }
            }
        }
    }

    @Test func aMoveOutOfASectionDeletedConcurrentlySurvivesOnlyWhenCommittedFirst() {
        let move = Op.move(item: "e", from: at("s1", 0), to: at("s0", 0))
        let deletion = Op.deleteSection(section: "s1", from: 1)
        // The move committed first: the deletion no longer holds e, which stays in s0.
        var moveFirst = BoardFixture.standard
        moveFirst.apply(move)
        moveFirst.apply(Rebase.rebase(deletion, through: move)!)
        #expect(moveFirst.board.sections.map { $0.items.map(\.id) } == [["e", "a", "b", "c", "d"], []])
        // The deletion committed first: e went with s1 and the move is a no-op.
        var deletionFirst = BoardFixture.standard
        deletionFirst.apply(deletion)
        #expect(Rebase.rebase(move, through: deletion) == nil)
        #expect(deletionFirst.board.sections.map { $0.items.map(\.id) } == [["a", "b", "c", "d"], []])
    }
}
