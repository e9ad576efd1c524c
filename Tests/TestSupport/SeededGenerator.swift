import BoardSync

/// The seeded pseudo-random generator of the tests and of board-bench: the core's SplitMix64
/// (`IDGenerator`, which clients draw their ids from), so the tree holds one. The same seed gives
/// the same sequence on every run, and a failing random case replays from the seed it printed.
public typealias SeededGenerator = IDGenerator
