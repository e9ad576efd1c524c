/// A point in a continuous 2-D space, e.g. a cell position mid-animation.
public struct Point2D: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point `fraction` of the way from `self` to `other`.
    public func interpolated(to other: Point2D, fraction: Double) -> Point2D {
        Point2D(x: x + (other.x - x) * fraction, y: y + (other.y - y) * fraction)
    }
}

/// Moves a point from `start` to `target` over `duration` seconds with
/// cubic ease-out. Time is always passed in; the tween never reads a clock.
public struct Tween: Hashable, Sendable {
    public private(set) var start: Point2D
    public private(set) var target: Point2D
    public private(set) var startTime: Double
    public private(set) var duration: Double

    /// A non-positive `duration` jumps straight to `target`.
    public init(from start: Point2D, to target: Point2D, startTime: Double, duration: Double) {
        self.start = start
        self.target = target
        self.startTime = startTime
        self.duration = duration
    }

    /// A tween already resting at `point`.
    public static func resting(at point: Point2D, time: Double = 0) -> Tween {
        Tween(from: point, to: point, startTime: time, duration: 0)
    }

    /// Linear progress 0…1 at `time`.
    public func progress(at time: Double) -> Double {
        guard duration > 0, time < startTime + duration else { return 1 }
        return min(1, max(0, (time - startTime) / duration))
    }

    /// The position at `time`: `start` before the start, exactly `target`
    /// once the duration has passed.
    public func value(at time: Double) -> Point2D {
        let linear = progress(at: time)
        if linear >= 1 { return target }
        return start.interpolated(to: target, fraction: Easing.easeOutCubic(linear))
    }

    /// True once `time` is at or past the end.
    public func isFinished(at time: Double) -> Bool {
        progress(at: time) >= 1
    }

    /// Heads for `newTarget` from wherever the point is at `time`, so the
    /// motion continues without a jump. `duration` defaults to the current one.
    public mutating func retarget(to newTarget: Point2D, at time: Double, duration newDuration: Double? = nil) {
        start = value(at: time)
        target = newTarget
        startTime = time
        if let newDuration { duration = newDuration }
    }
}
