import BoardSync
import TerminalUI

/// Draws the whole screen for a model at a moment: the status line on top, the board with its
/// sections and tiles where the animation has them, and the notice or editor line at the bottom.
/// Pure: the same model, size and time always give the same buffer.
public enum AppView {
    public static func render(
        _ model: AppModel, size: TerminalSize? = nil, time: Double? = nil, cache: RenderCache? = nil
    ) -> Buffer {
        let size = size ?? model.size
        let time = time ?? model.now
        guard size.width > 0, size.height > 0 else {
            return Buffer(width: max(0, size.width), height: max(0, size.height))
        }
        let area = model.boardArea.intersection(Rect(x: 0, y: 0, width: size.width, height: size.height))
        let moving = movingCells(model, time: time)
        let blank = { Buffer(width: size.width, height: size.height) }
        var buffer: Buffer
        if let cache, model.animator.fading.isEmpty {
            let key = RenderCache.Key(
                size: size, view: model.machine.view, layout: model.layout, cursor: model.cursor,
                scroll: model.scroll, showHelp: model.showHelp, moving: moving)
            buffer = cache.base(for: key) {
                var base = blank()
                drawTitles(model, area: area, into: &base)
                drawRestingTiles(model, moving: moving, area: area, into: &base)
                return base
            }
        } else {
            buffer = blank()
            drawTitles(model, area: area, into: &buffer)
            drawFading(model, time: time, area: area, into: &buffer)
            drawRestingTiles(model, moving: moving, area: area, into: &buffer)
        }
        drawMoving(model, moving: moving, time: time, area: area, into: &buffer)
        StatusLine.draw(model, time: time, into: &buffer)
        BottomLine.draw(model, into: &buffer)
        if model.showHelp { HelpOverlay.draw(into: &buffer) }
        return buffer
    }

    /// Cells drawn apart from the still picture: those away from their cell and the held one.
    static func movingCells(_ model: AppModel, time: Double) -> Set<String> {
        var moving: Set<String> = []
        for section in model.machine.view.sections {
            for cell in section.cells {
                if cell.holder?.isLocal == true {
                    moving.insert(cell.id)
                    continue
                }
                guard let rect = model.layout.tiles[cell.id],
                    let origin = model.animator.origin(of: cell.id, at: time)
                else { continue }
                if origin.x != rect.x || origin.y != rect.y { moving.insert(cell.id) }
            }
        }
        return moving
    }

    static func screenRect(_ model: AppModel, _ point: Point, area: Rect) -> Rect {
        Rect(
            x: point.x, y: point.y + area.y - model.scroll, width: model.metrics.width, height: model.metrics.height)
    }

    static func drawFading(_ model: AppModel, time: Double, area: Rect, into buffer: inout Buffer) {
        for (_, fading) in model.animator.fading.sorted(by: { $0.key < $1.key }) where fading.until > time {
            TilePainter.paint(
                fading.label, style: .fading, at: screenRect(model, fading.origin, area: area), clip: area,
                into: &buffer)
        }
    }

    /// Section titles, and a mark in empty sections.
    static func drawTitles(_ model: AppModel, area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let offset = area.y - model.scroll
        for frame in model.layout.sections {
            let row = frame.titleRow + offset
            if row >= area.y && row < area.bottom {
                let count = " (\(frame.cellIDs.count))"
                let end = buffer.write(
                    frame.title, x: 1, y: row, maxWidth: max(0, area.width - 1 - count.count),
                    style: Style(attributes: [.bold, .underline]))
                _ = buffer.set(x: end, y: row, count, style: Style(attributes: .dim), clip: area)
            }
            let emptyRow = frame.area.y + 1 + offset
            if frame.cellIDs.isEmpty, emptyRow >= area.y, emptyRow < area.bottom {
                buffer.write(
                    "(empty)", x: 3, y: emptyRow, maxWidth: area.width - 3, style: Style(attributes: .dim))
            }
        }
    }

    /// Every tile resting in its cell.
    static func drawRestingTiles(_ model: AppModel, moving: Set<String>, area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        for section in model.machine.view.sections {
            for cell in section.cells where !moving.contains(cell.id) {
                guard let rect = model.layout.tiles[cell.id] else { continue }
                paint(
                    cell, model: model, at: screenRect(model, Point(x: rect.x, y: rect.y), area: area), clip: area,
                    into: &buffer)
            }
        }
    }

    /// Tiles on their way to a new cell, then the held tile lifted above everything.
    static func drawMoving(
        _ model: AppModel, moving: Set<String>, time: Double, area: Rect, into buffer: inout Buffer
    ) {
        guard !area.isEmpty, !moving.isEmpty else { return }
        var lifted: (ViewCell, Rect)?
        for section in model.machine.view.sections {
            for cell in section.cells where moving.contains(cell.id) {
                guard let rect = model.layout.tiles[cell.id] else { continue }
                let origin = model.animator.origin(of: cell.id, at: time) ?? Point(x: rect.x, y: rect.y)
                let screen = screenRect(model, origin, area: area)
                guard cell.holder?.isLocal == true else {
                    paint(cell, model: model, at: screen, clip: area, into: &buffer)
                    continue
                }
                if case .holdingWithMouse(_, let pointer, let grab) = model.mode {
                    TilePainter.paint(
                        "", style: .placeholder(holder: nil, color: .default), at: screen, clip: area, into: &buffer)
                    let follow = Rect(
                        x: pointer.x - grab.x, y: pointer.y - grab.y, width: model.metrics.width,
                        height: model.metrics.height)
                    lifted = (cell, follow)
                } else {
                    lifted = (cell, screen)
                }
            }
        }
        if let (cell, rect) = lifted {
            TilePainter.paint(cell.label, style: .lifted, at: rect, clip: area, into: &buffer)
        }
    }

    static func paint(_ cell: ViewCell, model: AppModel, at rect: Rect, clip: Rect, into buffer: inout Buffer) {
        let style: TileStyle
        if let holder = cell.holder {
            style = .placeholder(holder: holder.user, color: PeerColors.color(for: holder.client))
        } else if cell.id == model.cursor, !model.showHelp {
            style = .cursor
        } else {
            style = .normal
        }
        TilePainter.paint(cell.label, style: style, at: rect, clip: clip, into: &buffer)
    }
}
