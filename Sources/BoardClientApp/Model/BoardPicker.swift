import BoardSync

/// The list of a server's boards to open one from (`GET /boards`): typing narrows the list to
/// the names that contain the text and offers to create a board of that name; the arrows choose
/// a row, Enter opens it, Delete asks to move it to the trash. Tab shows the trash instead
/// (`GET /boards?trash=1`), where Enter restores the chosen board.
public struct BoardPicker: Hashable, Sendable {
    /// A row of the list.
    public enum Row: Hashable, Sendable {
        case board(BoardSummary)
        /// A new board of this name: opening it creates it.
        case create(BoardName)

        /// The board the row opens.
        public var name: BoardName {
            switch self {
            case .board(let summary): summary.id
            case .create(let name): name
            }
        }
    }

    /// The boards as the server last listed them, sorted by name; nil until the first answer.
    public var boards: [BoardSummary]?
    /// Why the list could not be read, while it could not.
    public var problem: String?
    /// The name typed so far.
    public private(set) var typed = ""
    /// The chosen row's index in `rows`.
    public var selected = 0
    /// The first row shown.
    public var scroll = 0
    /// The board to choose when the list arrives (the one the person came back from).
    public var preferred: BoardName?
    /// The board Delete asked about, while the question waits for y or n.
    public var confirmingDelete: BoardSummary?
    /// Whether the trash shows instead of the boards.
    public var showsTrash = false
    /// The boards in the trash as the server last listed them; nil until the first answer.
    public var trash: [TrashedBoard]?
    /// The chosen row of the trash.
    public var trashSelected = 0

    /// The trashed board Enter would restore.
    public var selectedTrash: TrashedBoard? {
        guard let trash, trash.indices.contains(trashSelected) else { return nil }
        return trash[trashSelected]
    }

    /// Takes the server's trash, keeping the choice within it.
    public mutating func listTrash(_ trashed: [TrashedBoard]) {
        trash = trashed
        trashSelected = min(trashSelected, max(0, trashed.count - 1))
    }

    public init(boards: [BoardSummary]? = nil) {
        self.boards = boards
    }

    /// The boards whose names contain the typed text (ignoring case), then, when the text is a
    /// board name no board has, the row that creates it.
    public var rows: [Row] {
        let needle = typed.lowercased()
        var rows = (boards ?? []).filter { needle.isEmpty || $0.id.rawValue.lowercased().contains(needle) }.map(
            Row.board)
        if let name = BoardName(typed), !(boards ?? []).contains(where: { $0.id == name }) {
            rows.append(.create(name))
        }
        return rows
    }

    /// The row Enter would open.
    public var selectedRow: Row? {
        let rows = rows
        return rows.indices.contains(selected) ? rows[selected] : nil
    }

    /// Whether `character` may be part of a board name.
    public static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "._-".contains(character))
    }

    /// Adds a character of a board name to the typed text (at most 64), choosing the board of
    /// exactly that name if there is one, else the first row (a board whose name contains the
    /// text before the row that creates one).
    public mutating func type(_ character: Character) {
        guard Self.isNameCharacter(character), typed.count < 64 else { return }
        typed.append(character)
        chooseBest()
    }

    /// Removes the last typed character.
    public mutating func deleteBackward() {
        guard !typed.isEmpty else { return }
        typed.removeLast()
        chooseBest()
    }

    /// Forgets the typed text.
    public mutating func clear() {
        typed = ""
        chooseBest()
    }

    /// Takes a new list from the server, keeping the chosen board chosen (or the preferred one
    /// on the first list).
    public mutating func list(_ boards: [BoardSummary]) {
        let chosen = self.boards == nil ? preferred : selectedRow?.name
        self.boards = boards
        problem = nil
        if let chosen, let index = rows.firstIndex(where: { $0.name == chosen }) {
            selected = index
        } else {
            selected = min(selected, max(0, rows.count - 1))
        }
    }

    /// Moves the choice by `offset` rows, within the list.
    public mutating func move(by offset: Int) {
        selected = max(0, min(selected + offset, rows.count - 1))
    }

    private mutating func chooseBest() {
        let rows = rows
        selected = 0
        if let exact = rows.firstIndex(where: {
            if case .board(let board) = $0 { board.id.rawValue == typed } else { false }
        }) {
            selected = exact
        }
        scroll = 0
    }
}
