/// What one cell or section does between two views, as an update batch says.
public enum Motion: String, Hashable, Sendable {
    /// Same place (same path, or same section index) in both views.
    case still
    /// A new place only because others came, went or moved: it slides over, unmarked.
    case shifted
    /// One of the batch's moves: its order among the others really changed, or it changed
    /// section. It lifts above the others, travels and settles.
    case moved
    /// New in the view: it appears at its place.
    case inserted
    /// Gone from the view: it collapses or fades where it was.
    case deleted
}
