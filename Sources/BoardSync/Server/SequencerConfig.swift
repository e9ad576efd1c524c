/// The tunable parts of a board's sequencer.
public struct SequencerConfig: Hashable, Sendable {
    /// The board limits every op is checked against.
    public var limits: Limits
    /// How many recent committed ops the sequencer keeps for rebasing old submits and for
    /// catching up reconnecting clients with `ops` instead of a snapshot.
    public var windowSize: Int
    /// Seconds without a drag message after which a drag is cancelled with reason `timeout`.
    public var dragTimeout: Double

    public init(limits: Limits = .default, windowSize: Int = 10_000, dragTimeout: Double = 60) {
        self.limits = limits
        self.windowSize = max(windowSize, 0)
        self.dragTimeout = dragTimeout
    }

    public static let `default` = SequencerConfig()
}
