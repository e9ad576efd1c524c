/// One measured case of the `core` mode and what it measured.
struct CoreBenchCase: Sendable {
    let name: String
    /// The input size the case is named for (items in the old list or board).
    let n: Int
    let run: @Sendable () -> CoreBenchResult
}

/// The outcome of one case: the median of the code under test and, when the case has one, of
/// the comparison it is set against (`peer`), with the moves each reported.
struct CoreBenchResult: Sendable {
    let name: String
    let n: Int
    let medianMilliseconds: Double
    let runs: Int
    let moves: Int?
    let peerMedianMilliseconds: Double?
    let peerRuns: Int?
    let peerMoves: Int?

    /// How many times faster than the peer.
    var ratio: Double? { peerMedianMilliseconds.map { $0 / medianMilliseconds } }
}
