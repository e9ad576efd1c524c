import BoardSync

/// One scripted operation of `board-client URL COMMAND ...`.
public enum ScriptCommand: Hashable, Sendable {
    /// Prints the board; `json` prints the snapshot JSON.
    case list(json: Bool)
    /// Adds a tile to `section` (default: the first) at `index` (default: the end).
    case add(label: String, section: SectionID?, index: Int?)
    /// Moves tiles to `section` at `index` (default: its end), one after the other in the order
    /// given; several tiles are one group.
    case move(items: [ItemID], section: SectionID, index: Int?)
    case rename(item: ItemID, label: String)
    /// Deletes tiles; several are one group.
    case delete(items: [ItemID])
    case addSection(title: String)
    case renameSection(id: SectionID, title: String)
    /// Moves the section to `to` (its index after the move).
    case moveSection(id: SectionID, to: Int)
    case deleteSection(id: SectionID)
    /// Prints the server's boards (`GET /boards`); `json` prints the answer's JSON.
    case boards(json: Bool)
    /// Prints the latest `limit` changes, newest first, in words or (`json`) as JSON lines.
    case history(limit: Int, json: Bool)
    /// Prints the board as it was at `version` (`GET /boards/BOARD?version=V`).
    case listAt(version: Int, json: Bool)
    /// Prints every server message as one JSON line until interrupted.
    case watch
    /// Moves the board to the server's trash; asks first unless `confirmed` (`--yes`).
    case deleteBoard(confirmed: Bool)
    /// Prints the boards in the trash (`GET /boards?trash=1`); `json` prints the answer's JSON.
    case trash(json: Bool)
    /// Brings the board `name` (nil: the URL's) deleted at `deleted` (nil: the one deleted last)
    /// back from the trash.
    case restoreBoard(name: BoardName?, deleted: CommitTime?)
    /// Adds the sections and tiles of the file at `path` (read as `format`, or as its content
    /// shows) after the board's own; `append` allows a board that already has tiles.
    case importFile(path: String, format: TransferFormat?, append: Bool)
    /// Writes the board (`GET /boards/BOARD/export`) to `output`, or to standard output when nil.
    case export(format: TransferFormat, output: String?)
    /// Puts the board back as it was at `version`; `confirmed` skips the question.
    case restore(version: Int, confirmed: Bool)

    /// Whether the command is answered by the HTTP endpoints rather than over a WebSocket.
    public var isHTTP: Bool {
        switch self {
        case .boards, .history, .listAt, .deleteBoard, .trash, .restoreBoard, .export: true
        default: false
        }
    }

    /// Whether a server's URL, without a board, is enough.
    var worksWithoutBoard: Bool {
        switch self {
        case .boards, .trash: true
        case .restoreBoard(let name, _): name != nil
        default: false
        }
    }

    /// Whether the command only reads a board over a WebSocket, and so must first make sure the
    /// board exists: a WebSocket to a new name creates the board.
    public var readsExistingBoard: Bool {
        switch self {
        case .list, .watch: true
        default: false
        }
    }
}
