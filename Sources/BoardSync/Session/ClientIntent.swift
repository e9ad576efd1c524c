/// What a person does on a board, in the terms of the board they see: the shells turn keys,
/// pointers and touches into these, and the session works out positions and indices itself.
public enum ClientIntent: Hashable, Sendable {
    /// Picks up a tile (starts a drag).
    case pickUp(ItemID)
    /// Moves the held tile's placeholder.
    case moveHeld(HeldMove)
    /// Drops the held tile where its placeholder is.
    case drop
    /// Puts the held tile back where it was.
    case cancel
    /// Adds a tile; `id` nil asks the session for a fresh one.
    case insert(label: String, at: InsertPlace, id: ItemID? = nil)
    /// Moves a tile without a drag (a menu or a shortcut); `to.index` counts the target section
    /// without the tile.
    case move(ItemID, to: Position)
    case rename(ItemID, label: String)
    case delete(ItemID)
    /// Adds a section at `index` of the section list, or after the last one when nil; `id` nil
    /// asks the session for a fresh one.
    case addSection(title: String, at: Int? = nil, id: SectionID? = nil)
    case renameSection(SectionID, title: String)
    case moveSection(SectionID, to: Int)
    case deleteSection(SectionID)
    /// Moves several tiles, in the order given, one after the other from `to` (its index
    /// counted without any of them): one group, one undo step.
    case moveItems([ItemID], to: Position)
    /// Deletes several tiles: one group, one undo step.
    case deleteItems([ItemID])
    /// Marks a tile, or unmarks it when it is marked (the selection several-tile changes act on).
    case mark(ItemID)
    /// Marks the tiles of a section from the last one marked (or the first of the section) up to
    /// this one.
    case markRun(to: ItemID)
    /// Unmarks every tile.
    case clearMarks
    /// Moves the marked tiles, in board order, one after the other from `to`.
    case moveMarked(to: Position)
    /// Deletes the marked tiles.
    case deleteMarked
    /// Puts the board back as `board` shows it, as it was at `version` (read from the server's
    /// history): one change, one undo step.
    case restore(Board, version: Int)
    /// Undoes this person's latest edit.
    case undo
    /// Puts back what the latest undo took away.
    case redo
    /// How the shell lays the board out, which says where the arrow keys take a held tile.
    case arrange(BoardArrangement)
    /// A text field opened for `target`, or (nil) the open one closed: the session follows its
    /// target when someone deletes what it is about (`SessionStep.edit`).
    case editing(EditTarget?)
}

/// Where a new tile goes.
public enum InsertPlace: Hashable, Sendable {
    /// At this index of the section.
    case position(Position)
    /// After the last tile of the section.
    case endOf(SectionID)
    /// Right after this tile, in its section.
    case after(ItemID)
}

/// Where the held tile's placeholder goes.
public enum HeldMove: Hashable, Sendable {
    /// This position; `index` counts the section without the held tile, which is the
    /// placeholder's index among the view's cells.
    case to(Position)
    /// Just before this tile (a pointer above the tile's middle).
    case before(ItemID)
    /// Into the place this cell has now: before it when it stands before the placeholder, after
    /// it otherwise (a pointer or a key on a tile of a grid).
    case slotOf(ItemID)
    /// After the last tile of this section.
    case endOf(SectionID)
    /// One step in a direction of the shell's arrangement (the arrow keys).
    case step(BoardDirection)
    /// The section at this index of the section list, at the same index within it or its end.
    case section(Int)
}

/// A direction on the screen, as an arrow key gives it.
public enum BoardDirection: Hashable, Sendable {
    case up, down, left, right
}

/// How a shell lays a board out, so that the arrow keys move a held tile where the person
/// sees it go.
public enum BoardArrangement: Hashable, Sendable {
    /// Sections side by side as columns, each with its tiles top to bottom (the page): up and
    /// down move within the section, left and right to the section beside, at the same index.
    case columns
    /// Sections one below the other, each with its tiles in rows of `tilesPerRow`, left to right
    /// (the terminal): left and right step through reading order and across section ends, up and
    /// down move a row, into the section above or below at the same column from its first or
    /// last row.
    case rows(tilesPerRow: Int)
}
