extension OpDescription {
    /// Describes a group of ops by `user` as one change, naming things as they were on `board`
    /// before its first member: "bob moved 5 tiles to Done", "bob deleted 3 tiles", "bob added
    /// section Done with 4 tiles"; a group that put the board back to version `restores` as
    /// "bob restored the board to version 42", whatever its members. A group of one op is
    /// otherwise described as that op.
    @inline(never)
    public static func describe(group ops: [Op], by user: String, on board: Board, restores: Int? = nil) -> String {
        if let restores { return "\(user) restored the board to version \(restores)" }
        guard ops.count > 1 else {
            return ops.first.map { describe($0, by: user, on: board) } ?? "\(user) changed nothing"
        }
        var targets: [SectionID] = []
        var moves = 0
        var deletes = 0
        var inserts = 0
        var newSections: [SectionHeader] = []
        for op in ops {
            switch op {
            case .move(_, _, let to):
                moves += 1
                if !targets.contains(to.section) { targets.append(to.section) }
            case .delete: deletes += 1
            case .insert: inserts += 1
            case .insertSection(let header, _): newSections.append(header)
            default: break
            }
        }
        func title(_ id: SectionID) -> String {
            if let index = board.index(ofSection: id) { return board.sections[index].title }
            return newSections.first { $0.id == id }?.title ?? id.rawValue
        }
        func tiles(_ count: Int) -> String { count == 1 ? "1 tile" : "\(count) tiles" }
        if moves == ops.count {
            return targets.count == 1
                ? "\(user) moved \(tiles(moves)) to \(title(targets[0]))" : "\(user) moved \(tiles(moves))"
        }
        if deletes == ops.count { return "\(user) deleted \(tiles(deletes))" }
        if newSections.count == 1, inserts == ops.count - 1 {
            return "\(user) added section \(newSections[0].title) with \(tiles(inserts))"
        }
        if inserts == ops.count { return "\(user) added \(tiles(inserts))" }
        return "\(user) made \(ops.count) changes"
    }
}
