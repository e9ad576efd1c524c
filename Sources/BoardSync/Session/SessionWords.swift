/// The sentences a session says of a person's own actions, the same in every client: the page's
/// live region reads them out, the terminal's status line shows them. Positions are counted
/// from 1, as people count. Each sentence is built out of line: the WebAssembly module would
/// otherwise carry its interpolation at every call.
public enum SessionWords {
    /// Where a held tile's placeholder is, as the person sees it.
    public struct Place: Hashable, Sendable {
        public var label: String
        public var section: String
        /// The placeholder's index among the section's cells, from 0.
        public var index: Int
        /// How many cells the section shows, the placeholder included.
        public var count: Int
    }

    @inline(never)
    public static func pickedUp(_ place: Place) -> String {
        "Picked up \(place.label), position \(place.index + 1) of \(place.count) in \(place.section)."
    }

    @inline(never)
    public static func moved(_ place: Place) -> String {
        "\(place.label): position \(place.index + 1) of \(place.count) in \(place.section)."
    }

    @inline(never)
    public static func dropped(_ place: Place) -> String {
        "Dropped \(place.label) in \(place.section), position \(place.index + 1)."
    }

    @inline(never)
    public static func putBack(_ label: String) -> String {
        "\(label) put back."
    }

    @inline(never)
    public static func deleted(_ label: String) -> String {
        "Deleted \(label). Undo brings it back."
    }

    @inline(never)
    public static func deletedSection(_ title: String, tiles: Int) -> String {
        switch tiles {
        case 0: "Deleted section \(title). Undo brings it back."
        case 1: "Deleted section \(title) and its tile. Undo brings them back."
        default: "Deleted section \(title) and its \(tiles) tiles. Undo brings them back."
        }
    }

    @inline(never)
    public static func restored(version: Int, _ summary: String) -> String {
        "Restored the board to version \(version). \(summary)"
    }

    @inline(never)
    public static func restoreQuestion(version: Int, _ summary: String) -> String {
        "Restore the board to version \(version)? \(summary)"
    }

    public static let viewOnlyRestore = "You can only view this board, so you cannot restore it."

    @inline(never)
    public static func alreadyAsAt(_ version: Int) -> String {
        "The board is already as it was at version \(version)."
    }

    /// "3 tiles", what a held block is called.
    @inline(never)
    public static func tiles(_ count: Int) -> String {
        count == 1 ? "1 tile" : "\(count) tiles"
    }

    @inline(never)
    public static func movedTiles(_ count: Int, to section: String) -> String {
        count == 1 ? "Moved 1 tile to \(section)." : "Moved \(count) tiles to \(section)."
    }

    @inline(never)
    public static func deletedTiles(_ count: Int) -> String {
        count == 1 ? "Deleted 1 tile. Undo brings it back." : "Deleted \(count) tiles. Undo brings them back."
    }

    @inline(never)
    public static func marked(_ label: String, count: Int) -> String {
        "Marked \(label); \(selected(count))."
    }

    @inline(never)
    public static func unmarked(_ label: String, count: Int) -> String {
        "Unmarked \(label); \(selected(count))."
    }

    @inline(never)
    public static func markedRun(count: Int) -> String {
        count == 1 ? "1 tile selected." : "\(count) tiles selected."
    }

    public static let marksCleared = "No tiles selected."

    /// "3 selected", as a status line says it; "none selected" for none.
    @inline(never)
    public static func selected(_ count: Int) -> String {
        count == 0 ? "none selected" : "\(count) selected"
    }

    /// Redoing `description` (the redone change in words).
    @inline(never)
    public static func redone(_ description: String) -> String {
        "Redone: \(description)."
    }

    /// Undoing `description` (the undone change in words, "you moved Mail to Done").
    @inline(never)
    public static func undone(_ description: String) -> String {
        "Undone: \(description)."
    }
}
