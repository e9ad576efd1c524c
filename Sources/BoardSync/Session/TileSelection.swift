/// The tiles a person has marked, to move or delete together. Kept in the order they were
/// marked; used in the order they stand on the board (section by section, top to bottom), the
/// way protocol 10.2 orders a block, and forgetting tiles that left the board.
public struct TileSelection: Hashable, Sendable {
    /// The marked tiles, in the order they were marked.
    public private(set) var marked: [ItemID] = []

    public init() {}

    /// How many tiles are marked.
    public var count: Int { marked.count }

    public var isEmpty: Bool { marked.isEmpty }

    public func contains(_ item: ItemID) -> Bool { marked.contains(item) }

    /// Marks `item`, or unmarks it when it is marked.
    mutating func toggle(_ item: ItemID) {
        if let index = marked.firstIndex(of: item) {
            marked.remove(at: index)
        } else {
            marked.append(item)
        }
    }

    /// Marks the tiles of `item`'s section from the last one marked there (or from `item`
    /// alone when none is) up to `item`.
    mutating func markRun(to item: ItemID, on board: Board) {
        guard let at = board.position(ofItem: item), let s = board.index(ofSection: at.section) else { return }
        let items = board.sections[s].items
        let anchor = marked.last { board.position(ofItem: $0)?.section == at.section }
        let from = anchor.flatMap { anchor in items.firstIndex { $0.id == anchor } } ?? at.index
        for index in min(from, at.index)...max(from, at.index) where !marked.contains(items[index].id) {
            marked.append(items[index].id)
        }
    }

    mutating func clear() { marked = [] }

    /// Forgets the marked tiles that are no longer on `board`.
    mutating func keep(on board: Board) {
        marked.removeAll { board.position(ofItem: $0) == nil }
    }

    /// The marked tiles in board order.
    public func inBoardOrder(on board: Board) -> [ItemID] {
        var ordered: [ItemID] = []
        for section in board.sections {
            for item in section.items where marked.contains(item.id) { ordered.append(item.id) }
        }
        return ordered
    }
}
