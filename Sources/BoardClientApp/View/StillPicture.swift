import BoardSync
import TerminalUI

/// The part of a frame that does not move, as data: every section title and every tile at
/// rest, where and how it is drawn. Nothing overlaps at rest, so one still picture turns into
/// the next by erasing what changed or left and painting what changed or came; a batch that
/// moves two tiles repaints two tiles, not the board.
struct StillPicture: Equatable {
    /// A tile at rest: its screen rectangle, label and style.
    struct Tile: Equatable {
        var rect: Rect
        var label: String
        var style: TileStyle
        /// The person marked it, to move or delete with others.
        var selected = false
    }

    /// A section title at rest on screen row `row`, with its cell count; an empty section also
    /// shows its empty mark two rows below.
    struct Title: Equatable {
        var row: Int
        var title: String
        var count: Int
        /// The colour of the person who just moved the section, while it stays marked.
        var mark: Color?
        /// The section is empty and the cursor is on it.
        var isCursor = false
    }

    var area: Rect
    var tiles: [ItemID: Tile] = [:]
    var titles: [SectionID: Title] = [:]

    /// Everything of `model` at rest, leaving out what `scene` has in motion and marking what it
    /// says is marked.
    init(_ model: AppModel, scene: MotionScene, area: Rect) {
        self.area = area
        let offset = area.y - model.scroll
        for frame in model.layout.sections where !scene.titleIDs.contains(frame.id) {
            var mark: Color?
            if case .remote(_, let user)? = scene.marks[frame.id.rawValue] { mark = model.color(of: user) }
            titles[frame.id] = Title(
                row: frame.titleRow + offset, title: frame.title, count: frame.cellIDs.count, mark: mark,
                isCursor: model.cursor == .emptySection(frame.id) && !model.showHelp)
        }
        for section in model.machine.view.sections {
            for cell in section.cells where !scene.tileIDs.contains(cell.id) {
                guard let rect = model.layout.tiles[cell.id] else { continue }
                tiles[cell.id] = Tile(
                    rect: AppView.screenRect(model, Point(x: rect.x, y: rect.y), area: area), label: cell.label,
                    style: AppView.style(of: cell, model: model, frame: nil, mark: scene.marks[cell.id.rawValue]),
                    selected: model.session.selection.contains(cell.id))
            }
        }
    }

    /// Paints the whole picture into a blank buffer.
    func paint(into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        for title in titles.values { paint(title, into: &buffer) }
        for tile in tiles.values { paint(tile, into: &buffer) }
    }

    /// Turns `buffer`, which shows `old` (over the same area), into this picture.
    func repaint(_ buffer: inout Buffer, from old: StillPicture) {
        guard !area.isEmpty else { return }
        for (id, tile) in old.tiles where tiles[id] != tile {
            buffer.fill(tile.rect.intersection(area), with: .blank)
        }
        for (id, title) in old.titles where titles[id] != title {
            for row in title.count == 0 ? [title.row, title.row + 2] : [title.row] {
                buffer.fill(Rect(x: area.x, y: row, width: area.width, height: 1).intersection(area), with: .blank)
            }
        }
        for (id, title) in titles where old.titles[id] != title { paint(title, into: &buffer) }
        for (id, tile) in tiles where old.tiles[id] != tile { paint(tile, into: &buffer) }
    }

    private func paint(_ title: Title, into buffer: inout Buffer) {
        var style = SectionTitleStyle()
        if let mark = title.mark { style.text.foreground = mark }
        AppView.drawTitle(
            title.title, count: title.count, row: title.row, style: style, area: area, cursor: title.isCursor,
            into: &buffer)
    }

    private func paint(_ tile: Tile, into buffer: inout Buffer) {
        TilePainter.paint(
            tile.label, style: tile.style, at: tile.rect, clip: area, selected: tile.selected, into: &buffer)
    }
}
