/// A board together with what the checks of protocol 4.1 need beyond its snapshot: every id ever
/// used on it (deleted ones included, since ids are never accepted twice) and an index from live
/// items to their sections.
public struct BoardState: Hashable, Sendable {
    public internal(set) var board: Board
    public internal(set) var usedIDs: [String: IDKind]
    var sectionOfItem: [ItemID: SectionID]

    /// A state for `board`; `usedIDs` adds ids of deleted elements to those the board holds.
    public init(board: Board, usedIDs: [String: IDKind] = [:]) {
        self.board = board
        var used = usedIDs
        var sectionOfItem: [ItemID: SectionID] = [:]
        sectionOfItem.reserveCapacity(board.itemCount)
        for section in board.sections {
            used[section.id.rawValue] = .section
            for item in section.items {
                used[item.id.rawValue] = .item
                sectionOfItem[item.id] = section.id
            }
        }
        self.usedIDs = used
        self.sectionOfItem = sectionOfItem
    }

    public var version: Int { board.version }

    /// Whether the item is on the board now.
    public func isLive(item id: ItemID) -> Bool { sectionOfItem[id] != nil }

    /// Whether the section is on the board now.
    public func isLive(section id: SectionID) -> Bool { board.index(ofSection: id) != nil }

    /// Where the item is now, if it is on the board.
    public func position(ofItem id: ItemID) -> Position? {
        guard let sectionID = sectionOfItem[id], let s = board.index(ofSection: sectionID),
            let index = board.sections[s].index(ofItem: id)
        else { return nil }
        return Position(section: sectionID, index: index)
    }

    /// The number of items in a live section.
    public func itemCount(inSection id: SectionID) -> Int? {
        board.index(ofSection: id).map { board.sections[$0].items.count }
    }
}
