import BoardSync
import TerminalUI

/// The time an effect lasts, from `start` to `end` seconds.
struct TimeSpan: Hashable, Sendable {
    var start: Double
    var end: Double

    func isActive(at time: Double) -> Bool { time < end }

    /// Eased progress 0…1 at `time`.
    func progress(at time: Double) -> Double {
        guard end > start else { return 1 }
        return Easing.easeOutCubic((time - start) / (end - start))
    }
}

/// The animation state of one tile or section title, kept between plans.
struct TileMotion: Hashable, Sendable {
    /// The top-left point (titles use only `y`).
    var tween: Tween
    /// Set while it is one of a batch's moves: drawn above the others until the tween ends.
    var lift: Lift?
    /// Set when inserted: it grows over this span.
    var appearing: TimeSpan?
    /// Set when reloaded: its label flashes over this span.
    var flashing: TimeSpan?
    /// Set when another person moved it: it stays marked in their colour until `until`.
    var mark: Mark?

    /// Who moved a lifted tile; `mover` is nil when nobody in particular did.
    struct Lift: Hashable, Sendable {
        var mover: Mover?
    }

    struct Mark: Hashable, Sendable {
        var mover: Mover
        var until: Double
    }

    init(resting point: Point2D, at time: Double) {
        tween = .resting(at: point, time: time)
    }

    /// Heads for `target` from where it is at `time`; a tween already heading there keeps going.
    mutating func head(for target: Point2D, at time: Double, duration: Double) {
        guard tween.target != target else { return }
        tween.retarget(to: target, at: time, duration: duration)
    }

    /// How it is drawn at `time`, or nil when it simply rests in place.
    func frame(at time: Double) -> MotionFrame? {
        let moving = !tween.isFinished(at: time)
        let appearingNow = appearing?.isActive(at: time) == true
        let flashingNow = flashing?.isActive(at: time) == true
        let markNow = mark.flatMap { $0.until > time ? $0.mover : nil }
        guard moving || appearingNow || flashingNow || markNow != nil else { return nil }
        let point = tween.value(at: time)
        return MotionFrame(
            origin: Point(x: Int(point.x.rounded()), y: Int(point.y.rounded())),
            isSettled: !moving && !appearingNow && !flashingNow,
            isLifted: moving && lift != nil, liftedBy: moving ? lift?.mover : nil,
            scale: appearingNow ? appearing?.progress(at: time) ?? 1 : 1, isFlashing: flashingNow,
            markedBy: markNow)
    }

    /// When the next of its effects ends (nil when none is set).
    var nextEnd: Double? {
        var ends: [Double] = []
        if lift != nil { ends.append(tween.startTime + tween.duration) }
        if let appearing { ends.append(appearing.end) }
        if let flashing { ends.append(flashing.end) }
        if let mark { ends.append(mark.until) }
        return ends.min()
    }

    /// Forgets the effects that are over at `time`.
    mutating func prune(at time: Double) {
        if tween.isFinished(at: time) { lift = nil }
        if appearing?.isActive(at: time) == false { appearing = nil }
        if flashing?.isActive(at: time) == false { flashing = nil }
        if let mark, mark.until <= time { self.mark = nil }
    }
}

/// How a tile or a section title is drawn at one moment, when it is not simply resting.
public struct MotionFrame: Hashable, Sendable {
    /// Its top-left corner in content coordinates.
    public var origin: Point
    /// At rest in its place, only marked: drawn with the still picture.
    public var isSettled: Bool
    /// One of a batch's moves in flight: drawn above the others.
    public var isLifted: Bool
    /// Who moved it, while lifted; nil when nobody in particular did.
    public var liftedBy: Mover?
    /// How much of it is shown, 0…1: growing when inserted, 1 otherwise.
    public var scale: Double
    /// Its label (or title) was reloaded and is flashing.
    public var isFlashing: Bool
    /// Another person moved it: drawn in their colour.
    public var markedBy: Mover?
}

/// A tile or section title that left the view, collapsing where it was drawn.
public struct Ghost: Hashable, Sendable {
    /// A tile's label (a placeholder's holder), or a section's title.
    public var text: String
    public var isTitle: Bool
    public var origin: Point
    var span: TimeSpan

    /// How much of it is still shown at `time`, 1 → 0.
    public func scale(at time: Double) -> Double { 1 - span.progress(at: time) }
}
