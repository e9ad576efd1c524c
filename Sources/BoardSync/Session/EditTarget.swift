/// What a text field a person has open makes when it is confirmed, as a shell tells its session
/// (`ClientIntent.editing`), so that the session can follow it when someone else deletes the
/// tile or section it is about.
public enum EditTarget: Hashable, Sendable {
    /// A new tile at this place.
    case addItem(at: InsertPlace)
    case renameItem(ItemID)
    /// A new section after the last one.
    case addSection
    case renameSection(SectionID)
}

/// What became of an open text field's target after an event: someone deleted the tile or
/// section it was about (the text typed is kept, and confirming now makes `target`: a new tile
/// or section), or the tile a new one was to follow went away and the new one goes where it was.
public struct EditChange: Hashable, Sendable {
    /// What confirming the field makes now; nil when there is nowhere to put it (no section
    /// left).
    public var target: EditTarget?
    /// What happened in words, when the person must be told (the field's own target was
    /// deleted); nil when only the place moved.
    public var words: String?

    public init(target: EditTarget?, words: String?) {
        self.target = target
        self.words = words
    }
}
