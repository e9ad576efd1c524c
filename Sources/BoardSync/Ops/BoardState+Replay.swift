extension BoardState {
    /// Limits that never refuse: replayed ops were checked when they were committed, and the
    /// limits may have been lowered (or text rules added) since.
    static let noLimits = Limits.unlimited

    /// Applies an op the server committed at `version`, when `version` is the next one and the op
    /// applies (checked without limits); otherwise changes nothing and returns false. This is how
    /// stored or fetched history is replayed onto a snapshot.
    public mutating func replay(_ op: Op, committedAt version: Int) -> Bool {
        guard version == self.version + 1, check(op, limits: Self.noLimits) == .apply else { return false }
        commit(op)
        return true
    }
}
