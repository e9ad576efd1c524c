import BoardStore
import BoardSync
import Foundation
import TestSupport
import Testing

/// A committed op of `client` that is easy to recognize: version `version` renames item
/// `i<version>` to `v<version>`.
func op(_ version: Int, client: ClientID = "c1", user: String = "ann", seq: Int? = nil) -> SequencedOp {
    SequencedOp(
        version: version, client: client, user: user, seq: seq ?? version,
        op: .update(item: "i\(version)", label: "v\(version)"), committedAt: fixtureTime(version))
}

/// The commit time of the fixture op at `version`.
func fixtureTime(_ version: Int) -> CommitTime {
    CommitTime(milliseconds: 1_700_000_000_000 + Int64(version))
}

extension CommitBatch {
    /// Appends a fixture op at the commit time it carries (`op` gives every one a time).
    mutating func append(_ op: SequencedOp, to board: BoardName) {
        append(op, committedAt: op.committedAt ?? fixtureTime(op.version), to: board)
    }
}

/// A recognizable snapshot of `board` at `version`: one section titled `v<version>`.
func snapshot(of board: BoardName, at version: Int) -> Board {
    Board(id: board, version: version, sections: [Section(id: "main", title: "v\(version)")])
}

/// A batch creating `board` with its initial section id and an empty snapshot at version 0.
func creation(of board: BoardName) -> CommitBatch {
    var batch = CommitBatch()
    batch.createBoard(board)
    batch.useID("main", kind: .section, on: board)
    batch.addSnapshot(Board(id: board, version: 0, sections: []))
    return batch
}

/// A batch of `ops` appended to `board`, in order.
func batch(_ ops: SequencedOp..., to board: BoardName) -> CommitBatch {
    var batch = CommitBatch()
    for op in ops { batch.append(op, to: board) }
    return batch
}

/// Commits ops `versions` of `board`, each by `client` with `seq == version`.
func commitOps(
    _ versions: ClosedRange<Int>, to board: BoardName, in store: any BoardStore, client: ClientID = "c1"
) throws {
    var batch = CommitBatch()
    for version in versions {
        batch.append(op(version, client: client), to: board)
    }
    try store.commit(batch)
}

/// The `StoreError` a call threw, or `nil` if it succeeded (any other error is recorded as an issue).
func storeError(_ body: () throws -> Void) -> StoreError? {
    do {
        try body()
        return nil
    } catch let error as StoreError {
        return error
    } catch {
        Issue.record("unexpected error \(error)")
        return nil
    }
}

/// Op 1 of `board` committed alone, then ops 2 to 4 as one group, in one batch.
func opThenGroupOfThree(on board: BoardName) -> CommitBatch {
    var commit = CommitBatch()
    commit.append(op(1), to: board)
    for version in 2...4 {
        var member = op(version, seq: 2)
        member.group = GroupSpan(first: 2, count: 3)
        commit.append(member, to: board)
    }
    return commit
}
