import BoardSync
import TerminalUI

/// What of the board is in motion at one moment: the tiles and titles drawn apart from the
/// still picture (with how the animator has them), the ghosts of deleted ones, the tiles this
/// person holds (one, or a block), and who marked the tiles and titles that rest marked.
struct MotionScene {
    /// Tiles in view order with their motion (nil for the held tile at rest).
    var tiles: [(cell: ViewCell, motion: MotionFrame?)] = []
    var titles: [(frame: BoardLayout.SectionFrame, motion: MotionFrame)] = []
    var ghosts: [Ghost]
    /// This person's held tiles, in view order, where each is drawn.
    var held: [(cell: ViewCell, origin: Point)] = []
    var tileIDs: Set<ItemID> = []
    var titleIDs: Set<SectionID> = []
    /// Tiles and titles at rest that are still marked by the person who moved them, by id.
    var marks: [String: Mover] = [:]

    init(_ model: AppModel, time: Double) {
        ghosts = model.animator.ghosts(at: time)
        for section in model.machine.view.sections {
            for cell in section.cells {
                let motion = model.animator.tileFrame(of: cell.id, at: time)
                if cell.holder?.isLocal == true, let rect = model.layout.tiles[cell.id] {
                    held.append((cell, motion?.origin ?? Point(x: rect.x, y: rect.y)))
                } else if let motion, motion.isSettled {
                    if let mover = motion.markedBy { marks[cell.id.rawValue] = mover }
                    continue
                } else if motion == nil {
                    continue
                }
                tiles.append((cell, motion))
                tileIDs.insert(cell.id)
            }
        }
        for frame in model.layout.sections {
            guard let motion = model.animator.titleFrame(of: frame.id, at: time) else { continue }
            if motion.isSettled {
                if let mover = motion.markedBy { marks[frame.id.rawValue] = mover }
                continue
            }
            titles.append((frame, motion))
            titleIDs.insert(frame.id)
        }
    }
}
