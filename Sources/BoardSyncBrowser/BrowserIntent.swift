import BoardSync

/// One thing the host page tells its session: a person's action, a change of the connection, or
/// the clock. Decoded from a small JSON vocabulary (`{"type": "pickUp", "item": "a1"}`; see
/// `BrowserIntent.init(json:)` and docs/BROWSER.md) straight into the core's `SessionEvent`,
/// with the clock reading it carries; `state`, `checkText` and `deleteSectionQuestion` are
/// questions that change nothing (`question`).
public final class BrowserIntent: Equatable, Sendable {
    /// The session event; nil for a question.
    public let event: SessionEvent?
    /// The clock in seconds, for the intents that carry one.
    public let now: Double?
    /// What an intent without an event asks.
    public let question: Question

    /// What a page may ask without changing anything.
    public enum Question: Hashable, Sendable {
        /// The whole view.
        case state
        /// How `text` (a field without what the typing replaces) stands with `typing` going in.
        case text(String, typing: String, kind: TextKind)
        /// The question before deleting this section.
        case deletion(SectionID)
        /// The question before restoring the board to the version `Board` is.
        case restore(Board)
        /// The entries of a page of history, in words, naming things as they were on the board
        /// just before the page's oldest entry (or, without it, on the board the session has).
        case history(HistoryPage, before: Board?)
    }

    /// Which limit a typed text has: a label or title's (the board's), or a user name's.
    public enum TextKind: Hashable, Sendable {
        case label
        case user
    }

    public init(_ event: SessionEvent?, now: Double? = nil, question: Question = .state) {
        self.event = event
        self.now = now
        self.question = question
    }

    /// The page is ready: the answer asks it to connect (`connectAfterMs` 0).
    public static let start = BrowserIntent(.start)
    /// The WebSocket opened: the session says `hello` (with `since` once it holds a board).
    public static let connected = BrowserIntent(.opened)
    /// The WebSocket closed or failed, with its close code (and reason) when it had one: local
    /// edits stay pending, and the answer says when to try again or that trying again cannot help.
    public static func disconnected(code: Int? = nil, reason: String = "") -> BrowserIntent {
        BrowserIntent(.closed(code: code, reason: reason))
    }
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
    public convenience init(json bytes: [UInt8]) throws(BrowserInputError) {
        try self.init(fields: InputFields(parsing: bytes))
    }

    convenience init(fields: InputFields) throws(BrowserInputError) {
        let type = try fields.string("type")
        guard let kind = Kind.named(type) else { throw .unknownIntent(type) }
        let clocked = kind == .moveTo || kind == .moveHeld || kind == .tick
        let now = clocked || fields.has("now") ? try fields.milliseconds("now") / 1000 : nil
        self.init(try Self.event(kind, fields), now: now, question: try Self.question(kind, fields))
    }

    public static func == (lhs: BrowserIntent, rhs: BrowserIntent) -> Bool {
        lhs.event == rhs.event && lhs.now == rhs.now && lhs.question == rhs.question
    }

    /// What an intent of `kind` asks when it is a question.
    private static func question(_ kind: Kind, _ fields: InputFields) throws(BrowserInputError) -> Question {
        switch kind {
        case .checkText:
            let name = try fields.optionalString("kind") ?? "label"
            guard name == "label" || name == "title" || name == "user" else {
                throw .wrongType(field: "kind", expected: "label, title or user")
            }
            return .text(
                try fields.string("text"), typing: try fields.optionalString("typing") ?? "",
                kind: name == "user" ? .user : .label)
        case .deleteSectionQuestion:
            return .deletion(SectionID(try fields.string("section")))
        case .restoreQuestion:
            return .restore(try board(fields, "board", named: "board"))
        case .historyWords:
            let page: HistoryPage
            let text = try fields.string("page")
            do throws(WireError) {
                page = try WireCodec.decodeHistory(Array(text.utf8))
            } catch {
                throw .wrongType(field: "page", expected: "the text of a history page (protocol section 8)")
            }
            return .history(page, before: fields.has("before") ? try board(fields, "before", named: "before") : nil)
        default:
            return .state
        }
    }

    /// The intents by their `type`.
    private enum Kind: Equatable {
        case start, connected, disconnected, refused, pickUp, moveTo, moveHeld, tick, drop, cancel, insert, append
        case move, rename, delete, addSection, renameSection, moveSection, deleteSection, undo, arrange, state
        case moveItems, deleteItems, mark, markRun, clearMarks, moveMarked, deleteMarked, redo
        case editing, checkText, deleteSectionQuestion, restoreQuestion, restore, historyWords

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
                ("editing", .editing), ("checkText", .checkText), ("deleteSectionQuestion", .deleteSectionQuestion),
                ("restoreQuestion", .restoreQuestion), ("restore", .restore), ("historyWords", .historyWords),
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
        case .disconnected:
            return .closed(code: try fields.optionalInteger("code"), reason: try fields.optionalString("reason") ?? "")
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
        case .editing: return .editing(try fields.nested("target").map(editTarget))
        case .restore:
            let board = try board(fields, "board", named: "board")
            return .restore(board, version: board.version)
        case .start, .connected, .disconnected, .refused, .tick, .state, .checkText, .deleteSectionQuestion,
            .restoreQuestion, .historyWords:
            return nil
        }
    }

    /// A board sent as the text the server answered for it (`GET /boards/NAME?version=V`).
    static func board(_ fields: InputFields, _ key: StaticString, named name: String) throws(BrowserInputError) -> Board
    {
        let text = try fields.string(key)
        do throws(WireError) {
            return try WireCodec.decodeBoard(Array(text.utf8))
        } catch {
            throw .wrongType(field: name, expected: "the text of a board (protocol section 8)")
        }
    }

    /// An open text field's target: `{"kind": "newTile", "section", "index"?}` (or `"after"`: an
    /// item), `{"kind": "renameTile", "item"}`, `{"kind": "newSection"}`,
    /// `{"kind": "renameSection", "section"}`.
    static func editTarget(_ fields: InputFields) throws(BrowserInputError) -> EditTarget {
        switch try fields.string("kind") {
        case "newTile":
            if let item = try fields.optionalString("after") { return .addItem(at: .after(ItemID(item))) }
            let section = SectionID(try fields.string("section"))
            guard let index = try fields.optionalInteger("index") else { return .addItem(at: .endOf(section)) }
            return .addItem(at: .position(Position(section: section, index: index)))
        case "renameTile": return .renameItem(ItemID(try fields.string("item")))
        case "newSection": return .addSection
        case "renameSection": return .renameSection(SectionID(try fields.string("section")))
        default: throw .wrongType(field: "kind", expected: "newTile, renameTile, newSection or renameSection")
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
