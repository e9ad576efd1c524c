import TerminalUI

/// How one tile is drawn.
public enum TileStyle: Hashable, Sendable {
    case normal
    /// The tile under the cursor: yellow, or the colour of the person who just moved it.
    case cursor(markedIn: Color?)
    /// The held tile, or one of this person's own moves in flight, lifted above the others.
    case lifted
    /// Another person's move in flight, lifted above the others in their colour (nil: a move
    /// nobody in particular made, such as a refused edit rolled back).
    case travelling(color: Color?)
    /// A tile another person just moved, resting, in their colour.
    case marked(color: Color)
    /// An empty slot where a dragged tile would land; `holder` names whoever holds it.
    case placeholder(holder: String?, color: Color)
    /// A tile collapsing after it was deleted.
    case fading

    static let dashed = BorderStyle(
        horizontal: "┄", vertical: "┆", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘")
}
