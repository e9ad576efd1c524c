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
        let type = try fields.string("type")
        guard let kind = Kind.named(type) else { throw .unknownIntent(type) }
        let clocked = kind == .moveTo || kind == .moveHeld || kind == .tick
        let now = clocked || fields.has("now") ? try fields.milliseconds("now") / 1000 : nil
        self.init(try Self.event(kind, fields), now: now)
    }

    /// The intents by their `type`.
    private enum Kind: Equatable {
        case start, connected, disconnected, refused, pickUp, moveTo, moveHeld, tick, drop, cancel, insert, append
        case move, rename, delete, addSection, renameSection, moveSection, deleteSection, undo, arrange, state
        case moveItems, deleteItems, mark, markRun, clearMarks, moveMarked, deleteMarked, redo

        /// Looked up in one table, so that the module compares names in one loop.
        static func named(_ name: String) -> Kind? {
            let table: [(String, Kind)] = [
                ("start", .start), ("connected", .connected), ("disconnected", .disconnected),
                ("refused", .refused), ("pickUp", .pickUp), ("moveTo", .moveTo), ("moveHeld", .moveHeld),
                ("tick", .tick), ("drop", .drop), ("cancel", .cancel), ("insert", .insert), ("append", .append),
                ("move", .move), ("rename", .rename), ("delete", .delete), ("addSection", .addSection),
                ("renameSection", .renameSection), ("moveSection", .moveSection),
                ("deleteSection", .deleteSection), ("undo", .undo), ("arrange", .arrange), ("state", .state),
                ("moveItems", .moveItems), ("deleteItems", .deleteItems), ("mark", .mark), ("markRun", .markRun),
                ("clearMarks", .clearMarks), ("moveMarked", .moveMarked), ("deleteMarked", .deleteMarked),
                ("redo", .redo),
            ]
            for (candidate, kind) in table where candidate == name { return kind }
            return nil
        }
    }

    /// The session event of an intent of `kind`, read from its fields; nil for `state`.
    private static func event(_ kind: Kind, _ fields: InputFields) throws(BrowserInputError) -> SessionEvent? {
        func item() throws(BrowserInputError) -> ItemID { ItemID(try fields.string("item")) }
        func section() throws(BrowserInputError) -> SectionID { SectionID(try fields.string("section")) }
        func position() throws(BrowserInputError) -> Position {
            Position(section: try section(), index: try fields.integer("index"))
        }
        switch kind {
        case .start: return .start
        case .connected: return .opened
        case .disconnected: return .closed(code: try fields.optionalInteger("code"))
        case .refused: return .failed(.refused(httpStatus: try fields.integer("status")))
        case .tick: return .tick
        default:
            return try intent(kind, fields, item: item, section: section, position: position).map(SessionEvent.intent)
        }
    }

    /// The person's intent of `kind`; nil for `state` and the kinds that are no intent.
    private static func intent(
        _ kind: Kind, _ fields: InputFields, item: () throws(BrowserInputError) -> ItemID,
        section: () throws(BrowserInputError) -> SectionID, position: () throws(BrowserInputError) -> Position
    ) throws(BrowserInputError) -> ClientIntent? {
        switch kind {
        case .pickUp: return .pickUp(try item())
        case .moveTo: return .moveHeld(.to(try position()))
        case .moveHeld: return .moveHeld(try heldMove(fields))
        case .drop: return .drop
        case .cancel: return .cancel
        case .insert, .append:
            let label = try fields.string("label")
            let place: InsertPlace = kind == .insert ? .position(try position()) : .endOf(try section())
            return .insert(label: label, at: place, id: try fields.optionalString("id").map(ItemID.init))
        case .move: return .move(try item(), to: try position())
        case .rename: return .rename(try item(), label: try fields.string("label"))
        case .delete: return .delete(try item())
        case .addSection:
            return .addSection(
                title: try fields.string("title"), at: try fields.optionalInteger("index"),
                id: try fields.optionalString("id").map(SectionID.init))
        case .renameSection: return .renameSection(try section(), title: try fields.string("title"))
        case .moveSection: return .moveSection(try section(), to: try fields.integer("index"))
        case .deleteSection: return .deleteSection(try section())
        case .undo: return .undo
        case .redo: return .redo
        case .moveItems: return .moveItems(try items(fields), to: try position())
        case .deleteItems: return .deleteItems(try items(fields))
        case .mark: return .mark(try item())
        case .markRun: return .markRun(to: try item())
        case .clearMarks: return .clearMarks
        case .moveMarked: return .moveMarked(to: try position())
        case .deleteMarked: return .deleteMarked
        case .arrange: return .arrange(try arrangement(fields))
        case .start, .connected, .disconnected, .refused, .tick, .state: return nil
        }
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

    /// The `items` of an intent on several tiles: 1 to 500 item ids.
    private static func items(_ fields: InputFields) throws(BrowserInputError) -> [ItemID] {
        let ids = try fields.strings("items")
        guard (1...ClientMessage.Submit.maxGroupMembers).contains(ids.count) else {
            throw .wrongType(field: "items", expected: "1 to 500 item ids")
        }
        return ids.map(ItemID.init)
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
