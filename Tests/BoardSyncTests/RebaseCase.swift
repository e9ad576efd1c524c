import BoardSync
import Testing

/// One row of a rebase table: `op` and `committed` are both made against the standard board
/// (s0 [a b c d], s1 [e f g], s2 []), and `expected` is what protocol 4.1 makes of `op` once
/// `committed` is in, worked out by hand.
struct RebaseCase: Sendable, CustomTestStringConvertible {
    var name: String
    var op: Op
    var committed: Op
    var expected: Op?
    var opIsNewer = true
    /// What the checks say about `expected` on the board after `committed`.
    var expectedCheck: OpCheck = .apply

    var testDescription: String { name }

    /// Asserts the row: both ops valid on the base, the exact rebased op, and (in the server's
    /// direction) that the rebased op passes the checks on the new state.
    func verify(sourceLocation: SourceLocation = #_sourceLocation) {
        let base = BoardFixture.standard
        #expect(base.check(op) == .apply, "op is not valid on the base", sourceLocation: sourceLocation)
        #expect(base.check(committed) == .apply, "committed is not valid on the base", sourceLocation: sourceLocation)
        let rebased = Rebase.rebase(op, through: committed, opIsNewer: opIsNewer)
        #expect(rebased == expected, sourceLocation: sourceLocation)
        guard opIsNewer, let expected else { return }
        var state = base
        state.commit(committed)
        #expect(state.check(expected) == expectedCheck, sourceLocation: sourceLocation)
    }
}

/// The committed ops the tables reuse, all valid on the standard board.
enum Committed {
    static let insertSection = Op.insertSection(section: SectionHeader(id: "t", title: "T"), index: 1)
    static let renameS0 = Op.renameSection(section: "s0", title: "Other")
    static let renameS1 = Op.renameSection(section: "s1", title: "Other")
    static let updateA = Op.update(item: "a", label: "Other")

    static func insert(_ section: SectionID, _ index: Int) -> Op {
        .insert(item: newItem("c1"), to: at(section, index))
    }

    static func insertSection(at index: Int) -> Op {
        .insertSection(section: SectionHeader(id: "t", title: "T"), index: index)
    }
}

/// The header of a section an op under test inserts.
let newSection = SectionHeader(id: "n", title: "Mine")
