/// How a client animates one update batch, as plain data that any shell can play: what every
/// cell and section does and over which time. Places are paths (section, index), not
/// coordinates: the terminal maps them to character cells, the browser page to the rectangles
/// it measures.
///
/// Built from the old view, the batch, the new view and who caused the change. The batch alone
/// decides what moved: its moves lift and travel, every other survivor at a new place only
/// shifts. When the batch could name either of two equally minimal moves (a tile swapped with
/// its neighbour), the plan names the one the cause moved.
public struct AnimationPlan: Hashable, Sendable {
    /// Seconds a change takes to play: the time UIKit and the browser drag libraries slide in.
    public static let standardDuration = 0.2
    /// Seconds a tile moved by someone else stays marked in their colour, counted from the start.
    public static let standardMarkDuration = 1.5

    /// Every section of the new view in order, then the deleted ones by old index.
    public var sections: [SectionAnimation]
    /// Every cell of the new view in reading order, then the deleted ones by old path. A cell
    /// of a deleted section that reappears elsewhere has both a `deleted` and an `inserted` entry.
    public var cells: [CellAnimation]
    /// Seconds every move, shift, appearance, disappearance and flash lasts.
    public var duration: Double
    /// Seconds the marked cells and sections stay marked, counted from the start.
    public var markDuration: Double

    public init(
        sections: [SectionAnimation], cells: [CellAnimation], duration: Double = standardDuration,
        markDuration: Double = standardMarkDuration
    ) {
        self.sections = sections
        self.cells = cells
        self.duration = duration
        self.markDuration = markDuration
    }

    /// The plan for `batch`, which turns `old` into `new`; `cause` says who made the change.
    /// Throws when the batch does not fit the views (the same checks `BatchReplay` makes on
    /// indices and counts).
    public init(
        old: BoardView, batch: UpdateBatch, new: BoardView, cause: ChangeCause?,
        duration: Double = standardDuration, markDuration: Double = standardMarkDuration
    ) throws(BatchReplayError) {
        var builder = AnimationPlanBuilder(old: old, batch: batch, new: new, cause: cause)
        try builder.build()
        self.init(sections: builder.sections, cells: builder.cells, duration: duration, markDuration: markDuration)
    }

    /// The entries of the cells that move (the batch's moves), in plan order.
    public var movedCells: [CellAnimation] { cells.filter { $0.motion == .moved } }
}
