import BoardSync
import TerminalUI

/// Where everything of a board view goes in content coordinates (row 0 is the first section's
/// title; the view scrolls over them): a title row per section, then its tiles in a grid that
/// wraps to the width, then a blank row. An empty section keeps one row of tile height so
/// something can be dropped into it. Every tile of the board has the size `grid` gives: as wide
/// as the board's widest label needs, within the metrics' bounds and the width.
public struct BoardLayout: Hashable, Sendable {
    /// One section's place.
    public struct SectionFrame: Hashable, Sendable {
        public var id: SectionID
        public var title: String
        public var titleRow: Int
        /// The rows holding the section's tiles, full width.
        public var area: Rect
        public var cellIDs: [ItemID]
    }

    public let metrics: TileMetrics
    public let width: Int
    /// The size of every tile and how many go in a row.
    public let grid: TileGrid
    public private(set) var sections: [SectionFrame] = []
    /// Each cell's tile, by item id.
    public private(set) var tiles: [ItemID: Rect] = [:]
    /// The cursor's stop in each empty section (the slot of its first tile, where its empty
    /// mark is), by section id.
    public private(set) var emptySlots: [SectionID: Rect] = [:]
    /// The cursor's stops in reading order: every cell, and each empty section where its cells
    /// would be.
    public private(set) var order: [CursorStop] = []
    public private(set) var contentHeight = 0

    public init(view: BoardView, width: Int, metrics: TileMetrics = .standard) {
        self.metrics = metrics
        self.width = width
        var widest = 0
        for section in view.sections {
            for cell in section.cells {
                widest = max(widest, DisplayWidth.of(cell.label), DisplayWidth.of(cell.holder?.user ?? ""))
            }
        }
        let grid = metrics.grid(widest: widest, columns: width)
        self.grid = grid
        var row = 0
        for section in view.sections {
            let area = Rect(x: 0, y: row + 1, width: width, height: grid.rows(for: section.cells.count))
            var frame = SectionFrame(id: section.id, title: section.title, titleRow: row, area: area, cellIDs: [])
            for (index, cell) in section.cells.enumerated() {
                tiles[cell.id] = grid.slot(index, top: area.y)
                frame.cellIDs.append(cell.id)
                order.append(.tile(cell.id))
            }
            if section.cells.isEmpty {
                emptySlots[section.id] = grid.slot(0, top: area.y)
                order.append(.emptySection(section.id))
            }
            sections.append(frame)
            row = area.bottom + 1
        }
        contentHeight = max(0, row - 1)
    }

    /// Where the cursor's stop is: a tile, or an empty section's slot.
    public func stop(_ stop: CursorStop) -> Rect? {
        switch stop {
        case .tile(let item): tiles[item]
        case .emptySection(let section): emptySlots[section]
        }
    }

    /// The tile of the cell at `path` (section and item index of the view the layout was made
    /// from), where an animation plan's paths land on screen.
    public func rect(at path: CellPath) -> Rect? {
        guard path.section >= 0, path.section < sections.count, path.item >= 0,
            path.item < sections[path.section].cellIDs.count
        else { return nil }
        return grid.slot(path.item, top: sections[path.section].area.y)
    }
    /// The title row of the section at `index`.
    public func titleRow(ofSection index: Int) -> Int? {
        index >= 0 && index < sections.count ? sections[index].titleRow : nil
    }

    /// The section frame holding a content row, if any (title row or tile rows).
    public func section(atRow row: Int) -> SectionFrame? {
        sections.first { row >= $0.titleRow && row < $0.area.bottom }
    }

    /// The id of the tile covering a content point.
    public func cell(at point: Point) -> ItemID? {
        tiles.first { $0.value.contains(x: point.x, y: point.y) }?.key
    }
}
