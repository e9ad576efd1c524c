/// The fixed geometry of tiles: every tile is a `width` × `height` box, tiles in a row are
/// `gap` columns apart and rows start `margin` columns from the left edge.
public struct TileMetrics: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var gap: Int
    public var margin: Int

    public init(width: Int = 14, height: Int = 3, gap: Int = 1, margin: Int = 1) {
        self.width = width
        self.height = height
        self.gap = gap
        self.margin = margin
    }

    public static let standard = TileMetrics()

    /// How many tiles fit side by side in `columns` (at least one).
    public func tilesPerRow(inColumns columns: Int) -> Int {
        max(1, (columns - 2 * margin + gap) / (width + gap))
    }
}
