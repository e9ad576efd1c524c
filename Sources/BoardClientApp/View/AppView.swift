import BoardSync
import TerminalUI

/// Draws the whole screen for a model at a moment: the status line on top, the board with its
/// sections and tiles where the animation has them, the focus line under it, and the notice or
/// editor line at the bottom.
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
        if let picker = model.picker {
            var buffer = Buffer(width: size.width, height: size.height)
            PickerView.draw(model, picker, into: &buffer)
            return buffer
        }
        if let past = model.past {
            var buffer = Buffer(width: size.width, height: size.height)
            PastBoardView.draw(model, past, into: &buffer)
            return buffer
        }
        let area = model.boardArea.intersection(Rect(x: 0, y: 0, width: size.width, height: size.height))
        let scene = MotionScene(model, time: time)
        var buffer: Buffer
        if let cache {
            let key = RenderCache.Key(
                size: size, view: model.machine.view, layout: model.layout, cursor: model.cursor,
                scroll: model.scroll, showHelp: model.showHelp, movingTiles: scene.tileIDs,
                movingTitles: scene.titleIDs, marks: scene.marks)
            buffer = cache.base(for: key) { StillPicture(model, scene: scene, area: area) }
        } else {
            buffer = Buffer(width: size.width, height: size.height)
            StillPicture(model, scene: scene, area: area).paint(into: &buffer)
        }
        drawScene(model, scene: scene, time: time, area: area, into: &buffer)
        if let panel = model.history { HistoryView.draw(model, panel, into: &buffer) }
        StatusLine.draw(model, time: time, into: &buffer)
        FocusLine.draw(model, into: &buffer)
        BottomLine.draw(model, into: &buffer)
        if model.showHelp { HelpOverlay.draw(model, into: &buffer) }
        return buffer
    }

    static func screenRect(_ model: AppModel, _ point: Point, area: Rect, scale: Double = 1) -> Rect {
        let full = model.layout.grid.width
        let width = scale >= 1 ? full : Int((Double(full) * scale).rounded())
        return Rect(
            x: point.x + (full - width) / 2, y: point.y + area.y - model.scroll, width: width,
            height: model.layout.grid.height)
    }

    /// Draws a section's title line on screen row `row`, with its cell count, and the empty
    /// mark two rows below when it has no cells (in the cursor's colour when the cursor is on it).
    static func drawTitle(
        _ title: String, count: Int, row: Int, style: SectionTitleStyle, area: Rect, cursor: Bool = false,
        into buffer: inout Buffer
    ) {
        if row >= area.y && row < area.bottom {
            let counted = " (\(count))"
            let end = buffer.write(
                style.shown(title), x: 1, y: row, maxWidth: max(0, area.width - 1 - counted.count), style: style.text)
            _ = buffer.set(x: end, y: row, counted, style: Style(attributes: .dim), clip: area)
        }
        let emptyRow = row + 2
        if count == 0, emptyRow >= area.y, emptyRow < area.bottom {
            let mark = cursor ? Style(foreground: .yellow, attributes: .bold) : Style(attributes: .dim)
            buffer.write(
                cursor ? "▸ (empty)" : "(empty)", x: cursor ? 1 : 3, y: emptyRow, maxWidth: area.width - 1, style: mark)
        }
    }

    /// Everything in motion over the still picture: the ghosts of deleted tiles and sections
    /// collapsing where they were (under everything that moves), titles and tiles sliding, then
    /// the lifted moves, then the held tile above everything.
    static func drawScene(
        _ model: AppModel, scene: MotionScene, time: Double, area: Rect, into buffer: inout Buffer
    ) {
        guard !area.isEmpty else { return }
        for ghost in scene.ghosts {
            let scale = ghost.scale(at: time)
            if ghost.isTitle {
                let row = ghost.origin.y + area.y - model.scroll
                guard row >= area.y, row < area.bottom else { continue }
                let style = SectionTitleStyle(text: Style(attributes: .dim), reveal: scale)
                buffer.write(style.shown(ghost.text), x: 1, y: row, maxWidth: area.width - 1, style: style.text)
            } else {
                TilePainter.paint(
                    ghost.text, style: .fading, at: screenRect(model, ghost.origin, area: area, scale: scale),
                    clip: area, into: &buffer)
            }
        }
        for (frame, motion) in scene.titles {
            drawTitle(
                frame.title, count: frame.cellIDs.count, row: motion.origin.y + area.y - model.scroll,
                style: SectionTitleStyle(motion, model: model), area: area,
                cursor: model.cursor == .emptySection(frame.id) && !model.showHelp,
                into: &buffer)
        }
        var lifted: [(ViewCell, MotionFrame)] = []
        for (cell, motion) in scene.tiles where cell.holder?.isLocal != true {
            guard let motion else { continue }
            if motion.isLifted {
                lifted.append((cell, motion))
                continue
            }
            TilePainter.paint(
                cell.label, style: style(of: cell, model: model, frame: motion),
                at: screenRect(model, motion.origin, area: area, scale: motion.scale), clip: area,
                flashing: motion.isFlashing, into: &buffer)
        }
        for (cell, motion) in lifted {
            TilePainter.paint(
                cell.label, style: style(of: cell, model: model, frame: motion),
                at: screenRect(model, motion.origin, area: area), clip: area, flashing: motion.isFlashing,
                into: &buffer)
        }
        if !scene.held.isEmpty { drawHeld(model, scene.held, area: area, into: &buffer) }
    }

    /// The tiles this person holds: lifted where their placeholders are, or, when dragged with
    /// the mouse, empty placeholders with one tile following the pointer (a block's shows how
    /// many tiles it carries).
    static func drawHeld(
        _ model: AppModel, _ held: [(cell: ViewCell, origin: Point)], area: Rect, into buffer: inout Buffer
    ) {
        guard case .holdingWithMouse(_, let pointer, let grab) = model.mode else {
            for tile in held {
                TilePainter.paint(
                    tile.cell.label, style: .lifted, at: screenRect(model, tile.origin, area: area), clip: area,
                    into: &buffer)
            }
            return
        }
        for tile in held {
            TilePainter.paint(
                "", style: .placeholder(holder: nil, color: .default), at: screenRect(model, tile.origin, area: area),
                clip: area, into: &buffer)
        }
        let follow = Rect(
            x: pointer.x - grab.x, y: pointer.y - grab.y, width: model.layout.grid.width,
            height: model.layout.grid.height)
        let label = held.count == 1 ? held[0].cell.label : SessionWords.tiles(held.count)
        TilePainter.paint(label, style: .lifted, at: follow, clip: area, into: &buffer)
    }

    /// How a cell is drawn: a placeholder shows its holder; a move in flight is lifted in its
    /// mover's style; the cursor (in the mover's colour while marked) and another person's mark
    /// come next.
    static func style(of cell: ViewCell, model: AppModel, frame: MotionFrame?, mark: Mover? = nil) -> TileStyle {
        if let holder = cell.holder {
            return .placeholder(holder: holder.user, color: model.color(of: holder.user))
        }
        if let frame, frame.isLifted {
            switch frame.liftedBy {
            case .local: return .lifted
            case .remote(_, let user): return .travelling(color: model.color(of: user))
            case nil: return .travelling(color: nil)
            }
        }
        var color: Color?
        if case .remote(_, let user)? = frame?.markedBy ?? mark { color = model.color(of: user) }
        if model.cursor == .tile(cell.id), !model.showHelp { return .cursor(markedIn: color) }
        return color.map { .marked(color: $0) } ?? .normal
    }
}
