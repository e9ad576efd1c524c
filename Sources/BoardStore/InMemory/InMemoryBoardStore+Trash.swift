import BoardSync

extension InMemoryBoardStore {
    public func moveToTrash(_ entry: TrashedBoard) throws(StoreError) -> TrashedBoard? {
        boards.withLock { boards in
            guard let board = boards.removeValue(forKey: entry.id) else { return nil }
            return trash.withLock { trash in
                var recorded = trash.keys.recordable(entry)
                recorded.version = board.head
                trash[recorded] = board
                return recorded
            }
        }
    }

    public func trashedBoards() throws(StoreError) -> [TrashedBoard] {
        trash.withLock { $0.keys.inTrashOrder() }
    }

    public func restoreFromTrash(_ name: BoardName, deleted: CommitTime?) throws(StoreError) -> TrashRestore {
        boards.withLock { boards in
            trash.withLock { trash in
                guard let entry = trash.keys.entry(named: name, deleted: deleted) else { return .notInTrash }
                guard boards[name] == nil else { return .nameTaken }
                boards[name] = trash.removeValue(forKey: entry)
                return .restored(entry)
            }
        }
    }

    public func purgeTrash(deletedBefore cutoff: CommitTime) throws(StoreError) -> [TrashedBoard] {
        trash.withLock { trash in
            let old = trash.keys.filter { $0.deleted < cutoff }
            for entry in old { trash[entry] = nil }
            return old.inTrashOrder()
        }
    }
}
