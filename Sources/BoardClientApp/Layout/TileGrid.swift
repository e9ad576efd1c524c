import TerminalUI

/// The tile geometry of one layout: every tile `width` × `height` with room for `labelLines`
/// lines of label, `perRow` to a row.
public struct TileGrid: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var labelLines: Int
    public var perRow: Int
    public var gap: Int
    public var margin: Int

    /// The tile of the `index`th cell of a section whose tiles start on content row `top`.
    public func slot(_ index: Int, top: Int) -> Rect {
        Rect(
            x: margin + (index % perRow) * (width + gap), y: top + (index / perRow) * height, width: width,
            height: height)
    }

    /// The rows `count` cells take (an empty section keeps one row of tiles).
    public func rows(for count: Int) -> Int {
        max(1, (count + perRow - 1) / perRow) * height
    }
}
