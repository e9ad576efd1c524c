import BoardSync
import TerminalUI

/// Plays animation plans on the terminal. Each tile and section title has a tween of its
/// top-left point; a plan heads every one for its new place from wherever it is drawn at that
/// moment, so a batch that arrives in mid-flight never makes anything jump. The plan's moves
/// are lifted (drawn above the rest, in the mover's colour) until they land, every other tile
/// slides unmarked, inserted tiles grow, deleted ones collapse where they were, reloaded labels
/// flash, and another person's moves stay marked for the plan's mark duration.
public struct TileAnimator: Hashable, Sendable {
    public static let duration = AnimationPlan.standardDuration

    /// False with `--no-animation` or `NO_MOTION=1`: every change shows at once. Marks stay,
    /// since they do not move.
    public var animates: Bool
    var tiles: [ItemID: TileMotion] = [:]
    var titles: [SectionID: TileMotion] = [:]
    public private(set) var ghosts: [Ghost] = []
    /// No effect ends before this time, so `prune` has nothing to forget until then.
    var pruneDue = Double.infinity

    public init(animates: Bool = true) {
        self.animates = animates
    }

    /// Starts `plan` at `time`: the old view and its layout say where everything came from (and
    /// what deleted tiles showed), the new layout where everything goes. Without a plan (a
    /// resize) everything heads for its new place unlifted. Returns when the marks the plan set
    /// end, if it set any, so the screen can be redrawn then.
    @discardableResult
    public mutating func play(
        _ plan: AnimationPlan?, from oldView: BoardView, _ oldLayout: BoardLayout, to newLayout: BoardLayout,
        at time: Double
    ) -> Double? {
        prune(at: time)
        guard let plan else {
            follow(newLayout, at: time)
            return nil
        }
        let span = TimeSpan(start: time, end: time + plan.duration)
        let markUntil = time + plan.markDuration
        pruneDue = min(pruneDue, span.end)
        for entry in plan.cells where entry.motion == .deleted {
            let gone = tiles.removeValue(forKey: entry.id)
            guard animates, let from = entry.from else { continue }
            let cell = oldView.sections[from.section].cells[from.item]
            let start = drawn(gone, otherwise: oldLayout.rect(at: from).map(Self.corner), at: time)
            if let start {
                ghosts.append(Ghost(text: cell.holder?.user ?? cell.label, isTitle: false, origin: start, span: span))
            }
        }
        for entry in plan.cells {
            guard let to = entry.to, let rect = newLayout.rect(at: to) else { continue }
            let from = entry.motion == .inserted ? nil : entry.from.flatMap(oldLayout.rect(at:)).map(Self.corner)
            Self.advance(
                &tiles[entry.id], from: from, to: Self.corner(rect), motion: entry.motion, mover: entry.mover,
                marked: entry.marked, flashes: entry.reloaded && entry.placeholder != .closed, span: span,
                markUntil: markUntil, animates: animates)
        }
        for entry in plan.sections {
            guard entry.motion == .deleted else { continue }
            let gone = titles.removeValue(forKey: entry.id)
            guard animates, let from = entry.from, let row = oldLayout.titleRow(ofSection: from) else { continue }
            if let start = drawn(gone, otherwise: Point2D(x: 0, y: Double(row)), at: time) {
                ghosts.append(Ghost(text: oldView.sections[from].title, isTitle: true, origin: start, span: span))
            }
        }
        for entry in plan.sections {
            guard let to = entry.to, let row = newLayout.titleRow(ofSection: to) else { continue }
            let from = entry.motion == .inserted ? nil : entry.from.flatMap(oldLayout.titleRow(ofSection:))
            Self.advance(
                &titles[entry.id], from: from.map { Point2D(x: 0, y: Double($0)) }, to: Point2D(x: 0, y: Double(row)),
                motion: entry.motion, mover: entry.mover, marked: entry.marked, flashes: entry.retitled, span: span,
                markUntil: markUntil, animates: animates)
        }
        let marks = plan.cells.contains { $0.marked } || plan.sections.contains { $0.marked }
        return marks ? markUntil : nil
    }

    /// Carries one tile or title through a plan entry: a known one heads for `target` from where
    /// it is drawn; a new one starts at `from` (its old resting place), or at `target` when it
    /// is inserted.
    private static func advance(
        _ state: inout TileMotion?, from: Point2D?, to target: Point2D, motion: Motion, mover: Mover?,
        marked: Bool, flashes: Bool, span: TimeSpan, markUntil: Double, animates: Bool
    ) {
        var next =
            (motion == .inserted ? nil : state)
            ?? TileMotion(resting: animates ? from ?? target : target, at: span.start)
        if animates {
            next.head(for: target, at: span.start, duration: span.end - span.start)
            if motion == .moved { next.lift = TileMotion.Lift(mover: mover) }
            if motion == .inserted { next.appearing = span }
            if flashes { next.flashing = span }
        } else {
            next.tween = .resting(at: target, time: span.start)
        }
        if marked, let mover {
            next.mark = TileMotion.Mark(mover: mover, until: markUntil)
        } else if motion == .moved {
            next.mark = nil
        }
        state = next
    }

    /// Heads everything for its place in a new layout of the same view (after a resize).
    private mutating func follow(_ layout: BoardLayout, at time: Double) {
        var nextTiles: [ItemID: TileMotion] = [:]
        for (id, rect) in layout.tiles {
            var motion = tiles[id] ?? TileMotion(resting: Self.corner(rect), at: time)
            if animates {
                motion.head(for: Self.corner(rect), at: time, duration: Self.duration)
            } else {
                motion.tween = .resting(at: Self.corner(rect), time: time)
            }
            nextTiles[id] = motion
        }
        tiles = nextTiles
        var nextTitles: [SectionID: TileMotion] = [:]
        for frame in layout.sections {
            let target = Point2D(x: 0, y: Double(frame.titleRow))
            var motion = titles[frame.id] ?? TileMotion(resting: target, at: time)
            if animates {
                motion.head(for: target, at: time, duration: Self.duration)
            } else {
                motion.tween = .resting(at: target, time: time)
            }
            nextTitles[frame.id] = motion
        }
        titles = nextTitles
    }

    /// Where a tile or title is drawn at `time`: its own tween, or else its resting place.
    private func drawn(_ motion: TileMotion?, otherwise resting: Point2D?, at time: Double) -> Point? {
        guard let point = motion?.tween.value(at: time) ?? resting else { return nil }
        return Point(x: Int(point.x.rounded()), y: Int(point.y.rounded()))
    }

    static func corner(_ rect: Rect) -> Point2D {
        Point2D(x: Double(rect.x), y: Double(rect.y))
    }

    /// How the tile `id` is drawn at `time`, or nil when it rests in its cell.
    public func tileFrame(of id: ItemID, at time: Double) -> MotionFrame? {
        tiles[id]?.frame(at: time)
    }

    /// How the title of section `id` is drawn at `time`, or nil when it rests on its row.
    public func titleFrame(of id: SectionID, at time: Double) -> MotionFrame? {
        titles[id]?.frame(at: time)
    }

    /// Where a tile's top-left corner is at `time`, rounded to a cell.
    public func origin(of id: ItemID, at time: Double) -> Point? {
        guard let value = tiles[id]?.tween.value(at: time) else { return nil }
        return Point(x: Int(value.x.rounded()), y: Int(value.y.rounded()))
    }

    /// The ghosts of deleted tiles and sections still collapsing at `time`.
    public func ghosts(at time: Double) -> [Ghost] {
        ghosts.filter { $0.span.isActive(at: time) }
    }

    /// Whether anything still moves, grows, flashes or collapses at `time` (marks do not count:
    /// they stay still until the time `play` returned).
    public func isAnimating(at time: Double) -> Bool {
        func busy(_ motion: TileMotion) -> Bool {
            !motion.tween.isFinished(at: time) || motion.appearing?.isActive(at: time) == true
                || motion.flashing?.isActive(at: time) == true
        }
        return tiles.values.contains(where: busy) || titles.values.contains(where: busy)
            || ghosts.contains { $0.span.isActive(at: time) }
    }

    /// Whether a mark ended by `time` and is not forgotten yet (the screen must be redrawn).
    public func hasEndedMarks(at time: Double) -> Bool {
        tiles.values.contains { ($0.mark?.until ?? .infinity) <= time }
            || titles.values.contains { ($0.mark?.until ?? .infinity) <= time }
    }

    /// Forgets finished effects and ghosts.
    public mutating func prune(at time: Double) {
        guard time >= pruneDue else { return }
        ghosts.removeAll { !$0.span.isActive(at: time) }
        var due = ghosts.map { $0.span.end }.min() ?? .infinity
        for index in tiles.indices {
            tiles.values[index].prune(at: time)
            due = min(due, tiles.values[index].nextEnd ?? .infinity)
        }
        for index in titles.indices {
            titles.values[index].prune(at: time)
            due = min(due, titles.values[index].nextEnd ?? .infinity)
        }
        pruneDue = due
    }
}
