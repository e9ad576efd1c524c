import BoardSync
import TerminalUI

/// The motion of tiles between layouts: a tween of each tile's top-left point by item id, and
/// the tiles fading out after they left the view. A new layout retargets every tween from
/// where it is at that moment, so a change in mid-flight never makes a tile jump.
public struct TileAnimator: Hashable, Sendable {
    /// A tile that left the view, drawn dim at its last place until `until`.
    public struct FadingTile: Hashable, Sendable {
        public var label: String
        public var origin: Point
        public var until: Double
    }

    public static let duration = 0.2
    public private(set) var tweens: [String: Tween] = [:]
    public private(set) var fading: [String: FadingTile] = [:]

    public init() {}

    /// Heads every tile for its place in `layout` at `time`. Tiles new to the view appear in
    /// place; tiles gone from it fade out where they were.
    public mutating func retarget(to layout: BoardLayout, labels: [String: String], at time: Double) {
        var next: [String: Tween] = [:]
        for (id, rect) in layout.tiles {
            let target = Point2D(x: Double(rect.x), y: Double(rect.y))
            if var tween = tweens[id] {
                if tween.target != target { tween.retarget(to: target, at: time, duration: Self.duration) }
                next[id] = tween
            } else {
                next[id] = .resting(at: target, time: time)
            }
            fading[id] = nil
        }
        for (id, tween) in tweens where next[id] == nil {
            let point = tween.value(at: time)
            fading[id] = FadingTile(
                label: labels[id] ?? "", origin: Point(x: Int(point.x.rounded()), y: Int(point.y.rounded())),
                until: time + Self.duration)
        }
        tweens = next
        fading = fading.filter { $0.value.until > time }
    }

    /// Where a tile's top-left corner is at `time`, rounded to a cell.
    public func origin(of id: String, at time: Double) -> Point? {
        guard let value = tweens[id]?.value(at: time) else { return nil }
        return Point(x: Int(value.x.rounded()), y: Int(value.y.rounded()))
    }

    /// Whether anything still moves or fades at `time`.
    public func isAnimating(at time: Double) -> Bool {
        tweens.values.contains { !$0.isFinished(at: time) } || fading.values.contains { $0.until > time }
    }

    /// Forgets finished fades.
    public mutating func prune(at time: Double) {
        fading = fading.filter { $0.value.until > time }
    }
}
