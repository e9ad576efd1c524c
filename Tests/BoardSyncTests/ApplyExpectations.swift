import BoardSync
import Testing

/// Applies `op` to a copy of `state`, expects it to be committed, and returns the new state.
func expectApplied(
    _ op: Op, to state: BoardState = BoardFixture.standard, limits: Limits = .default,
    sourceLocation: SourceLocation = #_sourceLocation
) -> BoardState {
    var copy = state
    let outcome = copy.apply(op, limits: limits)
    #expect(outcome == .apply, "\(op)", sourceLocation: sourceLocation)
    #expect(copy.version == state.version + 1, sourceLocation: sourceLocation)
    return copy
}

/// Expects `op` to be refused with exactly `error`, by `check` and by `apply`, leaving the state
/// exactly as it was.
func expectRefused(
    _ op: Op, _ error: OpError, in state: BoardState = BoardFixture.standard, limits: Limits = .default,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(state.check(op, limits: limits) == .refused(error), "\(op)", sourceLocation: sourceLocation)
    var copy = state
    #expect(copy.apply(op, limits: limits) == .refused(error), sourceLocation: sourceLocation)
    #expect(copy == state, "a refused op changed the state", sourceLocation: sourceLocation)
}

/// Expects `op` to be a no-op: acknowledged, nothing changed, the version kept.
func expectNoop(
    _ op: Op, in state: BoardState = BoardFixture.standard, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(state.check(op) == .noop, "\(op)", sourceLocation: sourceLocation)
    var copy = state
    #expect(copy.apply(op) == .noop, sourceLocation: sourceLocation)
    #expect(copy == state, "a no-op changed the state", sourceLocation: sourceLocation)
}
