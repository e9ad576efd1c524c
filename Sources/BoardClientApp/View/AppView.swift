import BoardSync
import TerminalUI

/// Draws the whole screen for a model at a moment: the status line on top, the board with its
/// sections and tiles where the animation has them, and the notice or editor line at the bottom.
/// Pure: the same model, size and time always give the same buffer.
public enum AppView {
    public static func render(_ model: AppModel, size: TerminalSize? = nil, time: Double? = nil) -> Buffer {
        let size = size ?? model.size
        let time = time ?? model.now
        var buffer = Buffer(width: max(0, size.width), height: max(0, size.height))
        guard size.width > 0, size.height > 0 else { return buffer }
        drawBoard(model, time: time, into: &buffer)
        StatusLine.draw(model, time: time, into: &buffer)
        BottomLine.draw(model, into: &buffer)
        if model.showHelp { HelpOverlay.draw(into: &buffer) }
        return buffer
    }

    static func drawBoard(_ model: AppModel, time: Double, into buffer: inout Buffer) {
        let area = model.boardArea.intersection(buffer.area)
        guard !area.isEmpty else { return }
        let offset = area.y - model.scroll
        func screen(_ point: Point) -> Rect {
            Rect(x: point.x, y: point.y + offset, width: model.metrics.width, height: model.metrics.height)
        }
        for frame in model.layout.sections {
            let row = frame.titleRow + offset
            if row >= area.y && row < area.bottom {
                let count = " (\(frame.cellIDs.count))"
                let end = buffer.write(
                    frame.title, x: 1, y: row, maxWidth: max(0, area.width - 1 - count.count),
                    style: Style(attributes: [.bold, .underline]))
                _ = buffer.set(x: end, y: row, count, style: Style(attributes: .dim), clip: area)
            }
            if frame.cellIDs.isEmpty, frame.area.y + 1 + offset >= area.y, frame.area.y + 1 + offset < area.bottom {
                buffer.write("(empty)", x: 3, y: frame.area.y + 1 + offset, maxWidth: area.width - 3, style: Style(attributes: .dim))
            }
        }
        for (_, fading) in model.animator.fading.sorted(by: { $0.key < $1.key }) where fading.until > time {
            TilePainter.paint(fading.label, style: .fading, at: screen(fading.origin), clip: area, into: &buffer)
        }
        var moving: [(ViewCell, Point)] = []
        var lifted: (ViewCell, Rect)?
        for section in model.machine.view.sections {
            for cell in section.cells {
                guard let rect = model.layout.tiles[cell.id] else { continue }
                let origin = model.animator.origin(of: cell.id, at: time) ?? Point(x: rect.x, y: rect.y)
                if let holder = cell.holder, holder.isLocal {
                    if case .holdingWithMouse(_, let pointer, let grab) = model.mode {
                        TilePainter.paint(
                            "", style: .placeholder(holder: nil, color: .default), at: screen(origin), clip: area,
                            into: &buffer)
                        lifted = (
                            cell,
                            Rect(
                                x: pointer.x - grab.x, y: pointer.y - grab.y, width: model.metrics.width,
                                height: model.metrics.height)
                        )
                    } else {
                        lifted = (cell, screen(origin))
                    }
                    continue
                }
                if origin.x != rect.x || origin.y != rect.y {
                    moving.append((cell, origin))
                    continue
                }
                paint(cell, model: model, at: screen(origin), clip: area, into: &buffer)
            }
        }
        for (cell, origin) in moving {
            paint(cell, model: model, at: screen(origin), clip: area, into: &buffer)
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
