import BoardSync

extension Sequence<TrashedBoard> {
    /// The entry of `name` deleted at `deleted`, or the one of `name` deleted last when `deleted`
    /// is nil.
    func entry(named name: BoardName, deleted: CommitTime?) -> TrashedBoard? {
        let named = filter { $0.id == name }
        guard let deleted else { return named.max { $0.deleted < $1.deleted } }
        return named.first { $0.deleted == deleted }
    }

    /// `entry`, a millisecond later for each entry of its name already deleted at its time.
    func recordable(_ entry: TrashedBoard) -> TrashedBoard {
        var recorded = entry
        let taken = Set(filter { $0.id == entry.id }.map(\.deleted))
        while taken.contains(recorded.deleted) { recorded.deleted.milliseconds += 1 }
        return recorded
    }

    /// By name, then by the time each was deleted.
    func inTrashOrder() -> [TrashedBoard] {
        sorted { ($0.id, $0.deleted.milliseconds) < ($1.id, $1.deleted.milliseconds) }
    }
}
