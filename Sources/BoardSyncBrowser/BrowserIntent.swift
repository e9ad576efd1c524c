import BoardSync

/// One thing the host page tells its session: a person's action, a change of the connection, or
/// the clock. Decoded from a small JSON vocabulary (`{"type": "pickUp", "item": "a1"}`; see
/// `BrowserIntent.init(json:)` and docs/BROWSER.md).
public enum BrowserIntent: Hashable, Sendable {
    /// The WebSocket opened: the session says `hello` (with `since` once it holds a board).
    case connected
    /// The WebSocket closed or failed: local edits stay pending, and the answer says when to
    /// try again.
    case disconnected
    /// Picks up an item (the person starts dragging it).
    case pickUp(item: ItemID)
    /// Moves the held item's placeholder; `to.index` counts the section without the item, which
    /// is the placeholder's index among the view's cells. `now` is the clock in seconds.
    case moveTo(Position, now: Double)
    /// The clock, for a drag position the rate limit held back (`tickAfterMs` asked for it).
    case tick(now: Double)
    case drop
    case cancel
    /// Adds an item; `id` nil asks the session for a fresh one.
    case insert(id: ItemID?, label: String, at: Position)
    /// Moves an item without a drag (a menu or a shortcut).
    case move(item: ItemID, to: Position)
    case rename(item: ItemID, label: String)
    case delete(item: ItemID)
    /// Adds a section; `id` nil asks the session for a fresh one.
    case addSection(id: SectionID?, title: String, at: Int)
    case renameSection(SectionID, title: String)
    case moveSection(SectionID, to: Int)
    case deleteSection(SectionID)
    /// Undoes this person's latest edit.
    case undo
    /// Changes nothing; the answer carries the whole view, for a first paint or a redraw.
    case state

    /// Decodes an intent object; `now` fields are milliseconds.
    public init(json bytes: [UInt8]) throws(BrowserInputError) {
        try self.init(fields: InputFields(parsing: bytes))
    }

    init(fields: InputFields) throws(BrowserInputError) {
        func position() throws(BrowserInputError) -> Position {
            Position(section: try SectionID(fields.string("section")), index: try fields.integer("index"))
        }
        func seconds() throws(BrowserInputError) -> Double { try fields.milliseconds("now") / 1000 }
        let type = try fields.string("type")
        switch type {
        case "connected": self = .connected
        case "disconnected": self = .disconnected
        case "pickUp": self = .pickUp(item: try ItemID(fields.string("item")))
        case "moveTo": self = .moveTo(try position(), now: try seconds())
        case "tick": self = .tick(now: try seconds())
        case "drop": self = .drop
        case "cancel": self = .cancel
        case "insert":
            self = .insert(
                id: try fields.optionalString("id").map(ItemID.init), label: try fields.string("label"),
                at: try position())
        case "move": self = .move(item: try ItemID(fields.string("item")), to: try position())
        case "rename": self = .rename(item: try ItemID(fields.string("item")), label: try fields.string("label"))
        case "delete": self = .delete(item: try ItemID(fields.string("item")))
        case "addSection":
            self = .addSection(
                id: try fields.optionalString("id").map(SectionID.init), title: try fields.string("title"),
                at: try fields.integer("index"))
        case "renameSection":
            self = .renameSection(try SectionID(fields.string("section")), title: try fields.string("title"))
        case "moveSection":
            self = .moveSection(try SectionID(fields.string("section")), to: try fields.integer("index"))
        case "deleteSection": self = .deleteSection(try SectionID(fields.string("section")))
        case "undo": self = .undo
        case "state": self = .state
        default: throw .unknownIntent(type)
        }
    }
}
