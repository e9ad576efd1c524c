/// The ops that put a block of tiles in place, or delete several tiles, computed on a board one
/// after the other so that each is exact on the state the ones before it leave.
enum BlockPlacement {
    /// Moves that put `items` (those still on the board), in this order, one after the other in
    /// `to.section` from `to.index`, counted in that section without any of them. A tile already
    /// where the block wants it is not moved.
    @inline(never)
    static func moves(placing items: [ItemID], at to: Position, on state: BoardState) -> [Op] {
        guard let section = state.board.index(ofSection: to.section) else { return [] }
        let block = items.filter { state.position(ofItem: $0) != nil }
        guard !block.isEmpty else { return [] }
        let others = state.board.sections[section].items.filter { !block.contains($0.id) }
        let start = min(max(to.index, 0), others.count)
        let follower = start < others.count ? others[start].id : nil
        var scratch = state
        var ops: [Op] = []
        var previous: ItemID?
        for item in block {
            guard let from = scratch.position(ofItem: item) else { continue }
            let items = scratch.board.sections[section].items
            var index: Int
            if let previous, let after = items.firstIndex(where: { $0.id == previous }) {
                index = after + 1
            } else if let follower, let before = items.firstIndex(where: { $0.id == follower }) {
                index = before
            } else {
                index = items.count
            }
            if from.section == to.section, from.index < index { index -= 1 }
            previous = item
            let target = Position(section: to.section, index: index)
            guard target != from else { continue }
            let op = Op.move(item: item, from: from, to: target)
            scratch.commit(op)
            ops.append(op)
        }
        return ops
    }

    /// Deletes of `items` (those still on the board), in this order.
    @inline(never)
    static func deletes(of items: [ItemID], on state: BoardState) -> [Op] {
        var scratch = state
        var ops: [Op] = []
        for item in items {
            guard let from = scratch.position(ofItem: item) else { continue }
            let op = Op.delete(item: item, from: from)
            scratch.commit(op)
            ops.append(op)
        }
        return ops
    }
}
