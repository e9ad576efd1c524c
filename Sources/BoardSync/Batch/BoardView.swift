/// What a client shows of a board: sections of cells, placeholders included. Update batches are
/// computed between two of these.
public struct BoardView: Hashable, Sendable {
    public var sections: [ViewSection]

    public init(sections: [ViewSection] = []) {
        self.sections = sections
    }

    /// The view of a board with no drags in progress.
    public init(board: Board) {
        self.init(sections: board.sections.map(ViewSection.init(section:)))
    }

    /// The number of cells in every section together.
    public var cellCount: Int { sections.reduce(0) { $0 + $1.cells.count } }
}
