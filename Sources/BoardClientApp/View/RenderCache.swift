import BoardSync
import TerminalUI

/// Keeps the still part of the last frame (titles and every tile at rest) so animation frames
/// only repaint what moves, and turns it into the next still picture by repainting only what
/// changed. Purely an optimisation: a render with a cache gives the same buffer as one without.
public final class RenderCache {
    /// What the still picture depends on; equal keys mean the kept picture is still right.
    struct Key: Equatable {
        var size: TerminalSize
        var view: BoardView
        var layout: BoardLayout
        var cursor: CursorStop?
        var scroll: Int
        var showHelp: Bool
        var movingTiles: Set<ItemID>
        var movingTitles: Set<SectionID>
        var marks: [String: Mover]
    }

    private var key: Key?
    private var picture: StillPicture?
    private var base: Buffer?

    public init() {}

    /// The still picture for `key`: the kept one, the kept one repainted into `make()`'s, or a
    /// new one.
    func base(for key: Key, picture make: () -> StillPicture) -> Buffer {
        if let base, self.key == key { return base }
        let next = make()
        var buffer: Buffer
        if var kept = base, let old = picture, old.area == next.area, self.key?.size == key.size {
            base = nil
            next.repaint(&kept, from: old)
            buffer = kept
        } else {
            buffer = Buffer(width: key.size.width, height: key.size.height)
            next.paint(into: &buffer)
        }
        self.key = key
        picture = next
        base = buffer
        return buffer
    }
}
