/// The bounds of tile geometry: a tile is `minimumWidth` to `maximumWidth` columns wide, as wide
/// as its board's widest label needs, `height` rows high for one line of label and a row more
/// for two; tiles in a row are `gap` columns apart and rows start `margin` columns from the left.
public struct TileMetrics: Hashable, Sendable {
    public var minimumWidth: Int
    public var maximumWidth: Int
    public var height: Int
    public var gap: Int
    public var margin: Int
    /// The most lines a label is wrapped to; the rest is cut with `…`.
    public var maximumLabelLines: Int

    /// The border and a space on either side of a label.
    public static let padding = 4

    /// Bounds that let tiles grow from `minimumWidth` to `maximumWidth` columns with their labels
    /// and the screen, and wrap labels to `maximumLabelLines` lines.
    public init(
        minimumWidth: Int, maximumWidth: Int, height: Int = 3, gap: Int = 1, margin: Int = 1,
        maximumLabelLines: Int = 2
    ) {
        self.minimumWidth = minimumWidth
        self.maximumWidth = max(minimumWidth, maximumWidth)
        self.height = height
        self.gap = gap
        self.margin = margin
        self.maximumLabelLines = max(1, maximumLabelLines)
    }

    /// Tiles of one fixed size, `width` × `height`, each label on one line.
    public init(width: Int, height: Int = 3, gap: Int = 1, margin: Int = 1) {
        self.init(
            minimumWidth: width, maximumWidth: width, height: height, gap: gap, margin: margin, maximumLabelLines: 1)
    }

    /// What the client uses: 14 to 32 columns (10 to 28 of label a line), two lines at most.
    public static let standard = TileMetrics(minimumWidth: 14, maximumWidth: 32)

    /// The grid for a board whose widest label takes `widest` columns, on a screen `columns`
    /// wide: tiles as wide as that label needs within the bounds (never wider than the screen),
    /// as many to a row as fit, then widened together to fill the row (within the maximum);
    /// two lines of label when the widest one does not fit on one.
    public func grid(widest: Int, columns: Int) -> TileGrid {
        let room = max(1, columns - 2 * margin)
        let wanted = min(max(widest + Self.padding, minimumWidth), maximumWidth)
        let narrowest = min(wanted, room)
        let perRow = max(1, (room + gap) / (narrowest + gap))
        let width = max(narrowest, min(maximumWidth, (room - gap * (perRow - 1)) / perRow))
        let lines = widest + Self.padding > width ? maximumLabelLines : 1
        return TileGrid(
            width: width, height: height + lines - 1, labelLines: lines, perRow: perRow, gap: gap, margin: margin)
    }
}
