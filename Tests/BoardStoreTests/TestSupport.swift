import BoardStore
import Foundation
import TestSupport
import Testing

/// The store implementations that must behave alike.
enum StoreKind: String, CaseIterable, CustomStringConvertible, Sendable {
    case inMemory
    case sqlite

    var description: String { rawValue }

    /// Runs `body` with a new empty store; an SQLite file lives in a directory removed afterwards.
    func withStore(retainedOps: Int = 10_000, _ body: (BoardStore) throws -> Void) throws {
        let directory = try TemporaryDirectory(prefix: "board-store")
        let store: BoardStore =
            switch self {
            case .inMemory: InMemoryBoardStore(retainedOps: retainedOps)
            case .sqlite: try SQLiteBoardStore(path: directory.path("boards.db"), retainedOps: retainedOps)
            }
        try withExtendedLifetime(directory) { try body(store) }
    }
}

/// A committed op of `client` with a recognizable JSON body.
func op(_ version: Int, client: String = "c1", user: String = "ann", seq: Int? = nil) -> CommittedOp {
    CommittedOp(
        version: version, client: client, user: user, seq: seq ?? version,
        opJSON: #"{"kind":"update","item":"i\#(version)","label":"v\#(version)"}"#,
        committedAt: 1_700_000_000_000 + version)
}

/// A batch creating `board` with its initial section id and snapshot.
func creation(of board: String) -> CommitBatch {
    var batch = CommitBatch()
    batch.createBoard(board)
    batch.useId("main", kind: .section, on: board)
    batch.addSnapshot(BoardSnapshot(version: 0, json: #"{"id":"\#(board)","version":0}"#), of: board)
    return batch
}

/// Commits ops `versions` of `board`, each by `client` with `seq == version`.
func commitOps(_ versions: ClosedRange<Int>, to board: String, in store: BoardStore, client: String = "c1") throws {
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
