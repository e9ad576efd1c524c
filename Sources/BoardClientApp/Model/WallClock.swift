import BoardSync

/// The wall clock as the shell read it once, with the local time zone: the model turns its
/// monotonic `now` into the time of day it shows next to changes (it reads no clock itself).
public struct WallClock: Hashable, Sendable {
    /// Milliseconds since the Unix epoch at the monotonic reading `monotonic`.
    public var epochMilliseconds: Int64
    public var monotonic: Double
    /// Seconds east of UTC of the local time zone.
    public var utcOffset: Int

    public init(epochMilliseconds: Int64, monotonic: Double, utcOffset: Int) {
        self.epochMilliseconds = epochMilliseconds
        self.monotonic = monotonic
        self.utcOffset = utcOffset
    }

    /// The wall time at the monotonic reading `now`.
    public func time(at now: Double) -> CommitTime {
        CommitTime(milliseconds: epochMilliseconds + Int64(((now - monotonic) * 1000).rounded()))
    }

    /// When `time` was, as a history line ends: `14:02` on the day of `now`, else `2026-11-30 14:02`.
    public func describe(_ time: CommitTime, now: Double) -> String {
        let local = time.civil(utcOffset: utcOffset)
        if local.isSameDay(as: self.time(at: now).civil(utcOffset: utcOffset)) { return local.clockText }
        return local.dateText + " " + local.clockText
    }
}
