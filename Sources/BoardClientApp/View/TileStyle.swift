import TerminalUI

/// How one tile is drawn.
public enum TileStyle: Hashable, Sendable {
    case normal
    /// The tile under the cursor.
    case cursor
    /// The held tile, lifted above the others.
    case lifted
    /// An empty slot where a dragged tile would land; `holder` names whoever holds it.
    case placeholder(holder: String?, color: Color)
    /// A tile fading out after it was deleted.
    case fading

    static let dashed = BorderStyle(
        horizontal: "┄", vertical: "┆", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘")
}
