/// Why a batch cannot be carried out on a view under `performBatchUpdates` rules.
public enum BatchReplayError: Error, Hashable, Sendable {
    /// An old or new section index outside the view it refers to.
    case sectionIndexOutOfRange(Int)
    /// A section index named twice among deletes and moves-from, or among inserts and moves-to.
    case sectionIndexRepeated(Int)
    /// A cell path outside the section it refers to.
    case cellPathOutOfRange(CellPath)
    /// A cell path named twice among deletes, moves-from and reloads, or among inserts and moves-to.
    case cellPathRepeated(CellPath)
    /// A cell of a deleted section listed on its own (the section delete already removes it).
    case cellInDeletedSection(CellPath)
    /// A cell of an inserted section listed on its own (it arrives with the section).
    case cellInInsertedSection(CellPath)
    /// A reload of an entry that does not stay (stationary reloads) or does not move (moved reloads).
    case reloadOfWrongEntry(String)
    /// The counts after the batch do not match the view the new content is taken from.
    case countMismatch(String)
}
