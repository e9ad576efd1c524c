import BoardSync
import TerminalUI

/// Keeps the still part of the last frame (titles and every tile at rest) so animation frames
/// only repaint what moves; when tiles or titles come to rest, they are painted into the kept
/// picture instead of rebuilding it (at rest nothing overlaps). Purely an optimisation: a render
/// with a cache gives the same buffer as one without.
public final class RenderCache {
    struct Key: Equatable {
        var size: TerminalSize
        var view: BoardView
        var layout: BoardLayout
        var cursor: String?
        var scroll: Int
        var showHelp: Bool
        var movingTiles: Set<String>
        var movingTitles: Set<String>

        /// Whether `other` shows the same board with fewer things in motion: its still picture
        /// is this one's with the landed tiles and titles painted in.
        func isLanding(of other: Key) -> Bool {
            size == other.size && cursor == other.cursor && scroll == other.scroll && showHelp == other.showHelp
                && other.movingTiles.isSubset(of: movingTiles) && other.movingTitles.isSubset(of: movingTitles)
                && view == other.view && layout == other.layout
        }
    }

    private var key: Key?
    private var base: Buffer?

    public init() {}

    /// The still picture for `key`: the kept one, the kept one with `paint` adding what landed
    /// since (tile ids, section ids), or a new one from `build`.
    func base(
        for key: Key, build: () -> Buffer, addingLanded paint: (Set<String>, Set<String>, inout Buffer) -> Void
    ) -> Buffer {
        if var kept = base, let keptKey = self.key {
            if keptKey == key { return kept }
            if keptKey.isLanding(of: key) {
                base = nil
                paint(
                    keptKey.movingTiles.subtracting(key.movingTiles),
                    keptKey.movingTitles.subtracting(key.movingTitles),
                    &kept)
                self.key = key
                base = kept
                return kept
            }
        }
        let built = build()
        self.key = key
        base = built
        return built
    }
}
