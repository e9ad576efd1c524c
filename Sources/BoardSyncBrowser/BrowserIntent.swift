import BoardSync

/// One thing the host page tells its session: a person's action, a change of the connection, or
/// the clock. Decoded from a small JSON vocabulary (`{"type": "pickUp", "item": "a1"}`; see
/// `BrowserIntent.init(json:)` and docs/BROWSER.md) straight into the core's `SessionEvent`,
/// with the clock reading it carries; `state` asks for the whole view and is no event.
public struct BrowserIntent: Hashable, Sendable {
    /// The session event; nil for `state`.
    public var event: SessionEvent?
    /// The clock in seconds, for the intents that carry one.
    public var now: Double?

    public init(_ event: SessionEvent?, now: Double? = nil) {
        self.event = event
        self.now = now
    }

    /// The page is ready: the answer asks it to connect (`connectAfterMs` 0).
    public static let start = BrowserIntent(.start)
    /// The WebSocket opened: the session says `hello` (with `since` once it holds a board).
    public static let connected = BrowserIntent(.opened)
    /// The WebSocket closed or failed, with its close code when it had one: local edits stay
    /// pending, and the answer says when to try again or that trying again cannot help.
    public static func disconnected(code: Int? = nil) -> BrowserIntent { BrowserIntent(.closed(code: code)) }
    /// A WebSocket that never opened was refused with this HTTP status (the page learns it from a
    /// plain request to the board's URL, since a browser does not tell).
    public static func refused(status: Int) -> BrowserIntent { BrowserIntent(.failed(.refused(httpStatus: status))) }
    public static func pickUp(item: ItemID) -> BrowserIntent { BrowserIntent(.intent(.pickUp(item))) }
    /// Moves the held item's placeholder; `to.index` counts the section without the item, which
    /// is the placeholder's index among the view's cells. `now` is the clock in seconds.
    public static func moveTo(_ position: Position, now: Double) -> BrowserIntent {
        BrowserIntent(.intent(.moveHeld(.to(position))), now: now)
    }
    /// The clock, for a drag position the rate limit held back (`tickAfterMs` asked for it).
    public static func tick(now: Double) -> BrowserIntent { BrowserIntent(.tick, now: now) }
    public static let drop = BrowserIntent(.intent(.drop))
    public static let cancel = BrowserIntent(.intent(.cancel))
    /// Adds an item; `id` nil asks the session for a fresh one.
    public static func insert(id: ItemID?, label: String, at: Position) -> BrowserIntent {
        BrowserIntent(.intent(.insert(label: label, at: .position(at), id: id)))
    }
    public static func move(item: ItemID, to: Position) -> BrowserIntent { BrowserIntent(.intent(.move(item, to: to))) }
    public static func rename(item: ItemID, label: String) -> BrowserIntent {
        BrowserIntent(.intent(.rename(item, label: label)))
    }
    public static func delete(item: ItemID) -> BrowserIntent { BrowserIntent(.intent(.delete(item))) }
    /// Adds a section at an index, or after the last one when `at` is nil.
    public static func addSection(id: SectionID?, title: String, at: Int?) -> BrowserIntent {
        BrowserIntent(.intent(.addSection(title: title, at: at, id: id)))
    }
    public static func renameSection(_ section: SectionID, title: String) -> BrowserIntent {
        BrowserIntent(.intent(.renameSection(section, title: title)))
    }
    public static func moveSection(_ section: SectionID, to: Int) -> BrowserIntent {
        BrowserIntent(.intent(.moveSection(section, to: to)))
    }
    public static func deleteSection(_ section: SectionID) -> BrowserIntent {
        BrowserIntent(.intent(.deleteSection(section)))
    }
    public static let undo = BrowserIntent(.intent(.undo))
    /// Changes nothing; the answer carries the whole view, for a first paint or a redraw.
    public static let state = BrowserIntent(nil)

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
        let event: SessionEvent?
        switch type {
        case "start": event = .start
        case "connected": event = .opened
        case "disconnected": event = .closed(code: try fields.optionalInteger("code"))
        case "refused": event = .failed(.refused(httpStatus: try fields.integer("status")))
        case "pickUp": event = .intent(.pickUp(try ItemID(fields.string("item"))))
        case "moveTo": event = .intent(.moveHeld(.to(try position())))
        case "moveHeld": event = .intent(.moveHeld(try Self.heldMove(fields)))
        case "tick": event = .tick
        case "drop": event = .intent(.drop)
        case "cancel": event = .intent(.cancel)
        case "insert":
            event = .intent(
                .insert(
                    label: try fields.string("label"), at: .position(try position()),
                    id: try fields.optionalString("id").map(ItemID.init)))
        case "append":
            event = .intent(
                .insert(
                    label: try fields.string("label"), at: .endOf(try SectionID(fields.string("section"))),
                    id: try fields.optionalString("id").map(ItemID.init)))
        case "move": event = .intent(.move(try ItemID(fields.string("item")), to: try position()))
        case "rename": event = .intent(.rename(try ItemID(fields.string("item")), label: try fields.string("label")))
        case "delete": event = .intent(.delete(try ItemID(fields.string("item"))))
        case "addSection":
            event = .intent(
                .addSection(
                    title: try fields.string("title"), at: try fields.optionalInteger("index"),
                    id: try fields.optionalString("id").map(SectionID.init)))
        case "renameSection":
            event = .intent(.renameSection(try SectionID(fields.string("section")), title: try fields.string("title")))
        case "moveSection":
            event = .intent(.moveSection(try SectionID(fields.string("section")), to: try fields.integer("index")))
        case "deleteSection": event = .intent(.deleteSection(try SectionID(fields.string("section"))))
        case "undo": event = .intent(.undo)
        case "arrange": event = .intent(.arrange(try Self.arrangement(fields)))
        case "state": event = nil
        default: throw .unknownIntent(type)
        }
        let clocked = type == "moveTo" || type == "moveHeld" || type == "tick"
        self.init(event, now: clocked ? try seconds() : fields.has("now") ? try seconds() : nil)
    }

    /// `moveHeld`'s target: exactly one of `direction` (`up`, `down`, `left`, `right`), `before`,
    /// `slotOf` (item ids), `endOf` (a section id) and `sectionIndex`.
    private static func heldMove(_ fields: InputFields) throws(BrowserInputError) -> HeldMove {
        if let name = try fields.optionalString("direction") {
            switch name {
            case "up": return .step(.up)
            case "down": return .step(.down)
            case "left": return .step(.left)
            case "right": return .step(.right)
            default: throw .wrongType(field: "direction", expected: "up, down, left or right")
            }
        }
        if let item = try fields.optionalString("before") { return .before(ItemID(item)) }
        if let item = try fields.optionalString("slotOf") { return .slotOf(ItemID(item)) }
        if let section = try fields.optionalString("endOf") { return .endOf(SectionID(section)) }
        if let index = try fields.optionalInteger("sectionIndex") { return .section(index) }
        throw .missingField("direction")
    }

    /// `arrange`'s layout: `{"layout": "columns"}` or `{"layout": "rows", "tilesPerRow": N}`.
    private static func arrangement(_ fields: InputFields) throws(BrowserInputError) -> BoardArrangement {
        switch try fields.string("layout") {
        case "columns": return .columns
        case "rows": return .rows(tilesPerRow: max(1, try fields.integer("tilesPerRow")))
        default: throw .wrongType(field: "layout", expected: "columns or rows")
        }
    }
}
