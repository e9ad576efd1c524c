import BoardSync
import TerminalUI

/// Keeps the still part of the last frame (titles and every tile at rest) so animation frames
/// only repaint what moves. Purely an optimisation: a render with a cache gives the same buffer
/// as one without.
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
    }

    private var key: Key?
    private var base: Buffer?

    public init() {}

    func base(for key: Key, build: () -> Buffer) -> Buffer {
        if let base, self.key == key { return base }
        let built = build()
        self.key = key
        base = built
        return built
    }
}
