import BoardSync
import TerminalUI

extension BoardLayout {
    /// The stop (a tile, or an empty section) the cursor reaches from `id` in `direction`: left
    /// and right follow reading order across sections; up and down go to the nearest row above
    /// or below (in any section) and pick the stop closest in column.
    public func neighbor(of id: CursorStop, _ direction: BoardDirection) -> CursorStop? {
        guard let index = order.firstIndex(of: id), let rect = stop(id) else { return order.first }
        switch direction {
        case .left: return index > 0 ? order[index - 1] : nil
        case .right: return index + 1 < order.count ? order[index + 1] : nil
        case .up, .down:
            let candidates = stopRects.filter { direction == .up ? $0.value.y < rect.y : $0.value.y > rect.y }
            guard
                let row = direction == .up
                    ? candidates.values.map(\.y).max() : candidates.values.map(\.y).min()
            else { return nil }
            return candidates.filter { $0.value.y == row }
                .min { abs($0.value.x - rect.x) < abs($1.value.x - rect.x) }?.key
        }
    }

    /// The stop a page key reaches from `id`, `rows` content rows down (negative: up): on the
    /// farthest row of stops within that distance (the next row when none is that close, the
    /// last row when the board ends sooner), the stop closest in column. Nil when no stop is
    /// in that direction.
    public func stop(from id: CursorStop, movingRows rows: Int) -> CursorStop? {
        guard let rect = stop(id), rows != 0 else { return nil }
        let stops = stopRects
        let target = rect.y + rows
        let ahead = Set(stops.values.map(\.y)).filter { rows > 0 ? $0 > rect.y : $0 < rect.y }
        let within = ahead.filter { rows > 0 ? $0 <= target : $0 >= target }
        guard let row = rows > 0 ? within.max() ?? ahead.min() : within.min() ?? ahead.max() else { return nil }
        return stops.filter { $0.value.y == row }
            .min { (abs($0.value.x - rect.x), $0.value.x) < (abs($1.value.x - rect.x), $1.value.x) }?.key
    }

    /// Every stop's rectangle: the tiles and the empty sections' slots.
    private var stopRects: [CursorStop: Rect] {
        var stops: [CursorStop: Rect] = [:]
        for (section, slot) in emptySlots { stops[.emptySection(section)] = slot }
        for (item, tile) in tiles { stops[.tile(item)] = tile }
        return stops
    }
}
