/// One board as `GET /boards` lists it: its name, committed version and size.
public struct BoardSummary: Hashable, Sendable {
    public var id: BoardName
    public var version: Int
    public var sections: Int
    public var items: Int

    public init(id: BoardName, version: Int, sections: Int, items: Int) {
        self.id = id
        self.version = version
        self.sections = sections
        self.items = items
    }

    /// The summary of `board`.
    public init(_ board: Board) {
        self.init(id: board.id, version: board.version, sections: board.sections.count, items: board.itemCount)
    }
}
