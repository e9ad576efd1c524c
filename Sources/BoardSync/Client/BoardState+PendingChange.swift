extension BoardState {
    /// Applies a pending change on the client's board: each op repaired against the state the
    /// ones before it leave (positions gone stale follow their elements), those that became void
    /// left out. A group is checked as the server checks it: its members one after the other,
    /// the board's item and section limits after the whole group, and a refused member refuses
    /// all of it, leaving the state as it was. Answers the ops applied.
    mutating func apply(_ change: PendingChange, limits: Limits) -> Result<[Op], OpError> {
        var scratch = self
        var memberLimits = limits
        if change.isGroup {
            memberLimits.maxItems = .max
            memberLimits.maxSections = .max
        }
        var applied: [Op] = []
        for op in change.ops {
            guard let fixed = scratch.repaired(op) else { continue }
            switch scratch.check(fixed, limits: memberLimits) {
            case .apply:
                scratch.commit(fixed)
                applied.append(fixed)
            case .noop:
                continue
            case .refused(let error):
                return .failure(error)
            }
        }
        if change.isGroup {
            if scratch.board.itemCount > limits.maxItems, scratch.board.itemCount > board.itemCount {
                return .failure(.itemLimit(limits.maxItems))
            }
            if scratch.board.sections.count > limits.maxSections, scratch.board.sections.count > board.sections.count {
                return .failure(.sectionLimit(limits.maxSections))
            }
        }
        self = scratch
        return .success(applied)
    }
}
