import BoardSync
import TerminalUI

extension BoardLayout {
    /// The stop (a tile, or an empty section) the cursor reaches from `id` in `direction`: left
    /// and right follow reading order across sections; up and down go to the nearest row above
    /// or below (in any section) and pick the stop closest in column.
    public func neighbor(of id: String, _ direction: BoardDirection) -> String? {
        guard let index = order.firstIndex(of: id), let rect = stop(id) else { return order.first }
        switch direction {
        case .left: return index > 0 ? order[index - 1] : nil
        case .right: return index + 1 < order.count ? order[index + 1] : nil
        case .up, .down:
            var stops: [String: Rect] = [:]
            for (section, slot) in emptySlots { stops[section.rawValue] = slot }
            for (item, tile) in tiles { stops[item.rawValue] = tile }
            let candidates = stops.filter { direction == .up ? $0.value.y < rect.y : $0.value.y > rect.y }
            guard
                let row = direction == .up
                    ? candidates.values.map(\.y).max() : candidates.values.map(\.y).min()
            else { return nil }
            return candidates.filter { $0.value.y == row }
                .min { abs($0.value.x - rect.x) < abs($1.value.x - rect.x) }?.key
        }
    }
}
