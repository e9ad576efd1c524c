/// The changes that turn one board view into another, in the shape of UIKit's
/// `performBatchUpdates`: deletes, moves-from and reloads name OLD indices; inserts and
/// moves-to name NEW indices.
///
/// Rules the batch follows (and `BatchReplay` checks):
/// - Cells of a deleted section are not listed; the section delete removes them. Cells of an
///   inserted section are not listed; they arrive with it. A cell leaving a deleted section or
///   entering an inserted section is therefore a plain insert or delete, never a move.
/// - A section reload means only that the section's header (its title) changed. Its cells are
///   diffed on their own like those of any other kept section, so a title change never reloads
///   the cells under it.
/// - A reload (`sectionReloads`, `itemReloads`) names an entry that stays in place relative to
///   its neighbours. UIKit refuses a reload and a move of the same entry, so an entry that moves
///   AND changes content is listed as a move plus an entry in `movedSectionReloads` or
///   `movedItemReloads` (by NEW index), to be refreshed once the batch has run.
public struct UpdateBatch: Hashable, Sendable {
    /// Old indices of sections that disappear.
    public var sectionDeletes: [Int]
    /// New indices of sections that appear.
    public var sectionInserts: [Int]
    /// Sections whose order relative to the other kept sections changed.
    public var sectionMoves: [IndexMove]
    /// Old indices of stationary sections whose title changed.
    public var sectionReloads: [Int]
    /// New indices of moved sections whose title changed.
    public var movedSectionReloads: [Int]
    /// Old paths of cells that disappear from kept sections.
    public var itemDeletes: [CellPath]
    /// New paths of cells that appear in kept sections.
    public var itemInserts: [CellPath]
    /// Cells whose order really changed, or that changed section.
    public var itemMoves: [CellMove]
    /// Old paths of stationary cells whose label or holder changed.
    public var itemReloads: [CellPath]
    /// New paths of moved cells whose label or holder changed.
    public var movedItemReloads: [CellPath]

    public init(
        sectionDeletes: [Int] = [], sectionInserts: [Int] = [], sectionMoves: [IndexMove] = [],
        sectionReloads: [Int] = [], movedSectionReloads: [Int] = [],
        itemDeletes: [CellPath] = [], itemInserts: [CellPath] = [], itemMoves: [CellMove] = [],
        itemReloads: [CellPath] = [], movedItemReloads: [CellPath] = []
    ) {
        self.sectionDeletes = sectionDeletes
        self.sectionInserts = sectionInserts
        self.sectionMoves = sectionMoves
        self.sectionReloads = sectionReloads
        self.movedSectionReloads = movedSectionReloads
        self.itemDeletes = itemDeletes
        self.itemInserts = itemInserts
        self.itemMoves = itemMoves
        self.itemReloads = itemReloads
        self.movedItemReloads = movedItemReloads
    }

    /// True when the two views were identical: there is nothing to animate.
    public var isEmpty: Bool {
        sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty && sectionReloads.isEmpty
            && movedSectionReloads.isEmpty && itemDeletes.isEmpty && itemInserts.isEmpty && itemMoves.isEmpty
            && itemReloads.isEmpty && movedItemReloads.isEmpty
    }

    /// Number of listed changes of every kind.
    public var changeCount: Int {
        sectionDeletes.count + sectionInserts.count + sectionMoves.count + sectionReloads.count
            + movedSectionReloads.count + itemDeletes.count + itemInserts.count + itemMoves.count
            + itemReloads.count + movedItemReloads.count
    }
}
