import BoardSync

/// Runs one scripted operation over a client machine, without I/O: `start` gives the hello, each
/// server message gives the messages to send next or the result. The operation is made through
/// `ClientMachine.perform` once the welcome arrived, so its positions match the board, and the
/// session ends when the server acknowledged (or refused) it.
public struct ScriptSession: Sendable {
    /// What to do after a server message.
    public enum Step: Hashable, Sendable {
        case send([ClientMessage])
        /// A yes-or-no question for the person (a restore); `answer` goes on from there.
        case ask(String)
        case finished(ScriptResult)
    }

    public let command: ScriptCommand
    public internal(set) var machine: ClientMachine
    private let newID: String
    var confirmation = ""
    var performed = false
    /// The messages to send with a restore once the person confirmed it.
    var pendingRestore: [ClientMessage]?
    /// What `import` adds, read from its file by the shell.
    let imported: ImportSummary?
    /// The board `restore` puts back, as the server had it at the version asked for.
    let restoreTarget: Board?
    /// What new ids of an import or a restore are drawn from.
    let seed: UInt64
    /// How many tiles the board had when an import started.
    var tilesBefore = 0

    /// `newID` names the item or section an `add` creates; `imported` is the file of an
    /// `import`, `restoreTarget` the earlier board of a `restore`, and `seed` draws the ids of
    /// what either adds.
    public init(
        command: ScriptCommand, clientID: ClientID, user: String, boardName: BoardName, newID: String,
        imported: ImportSummary? = nil, restoreTarget: Board? = nil, seed: UInt64 = 0
    ) {
        self.command = command
        self.newID = newID
        self.imported = imported
        self.restoreTarget = restoreTarget
        self.seed = seed
        machine = ClientMachine(clientID: clientID, user: user, boardID: boardName)
    }

    public mutating func start() -> [ClientMessage] {
        machine.connectionOpened().send
    }

    public mutating func receive(_ message: ServerMessage) -> Step {
        let output = machine.receive(message)
        if output.reconnect { return .finished(ScriptResult(.failure, "lost track of the board; try again")) }
        for notice in output.notices {
            switch notice {
            case .refused(let code, let message):
                return .finished(ScriptResult(.refused, "refused (\(code.rawValue)): \(message)"))
            case .viewOnly:
                return .finished(ScriptResult(.refused, "refused (forbidden): view only"))
            default: continue
            }
        }
        if !performed {
            guard case .welcome = message else { return .send(output.send) }
            performed = true
            return perform(after: output.send)
        }
        if command == .watch || machine.pendingCount > 0 { return .send(output.send) }
        return .finished(ScriptResult(.ok, finalConfirmation))
    }

    private mutating func perform(after earlier: [ClientMessage]) -> Step {
        guard let state = machine.optimistic else { return .finished(ScriptResult(.failure, "no board received")) }
        let board = state.board
        let edit: LocalEdit
        switch command {
        case .list(let json):
            return .finished(
                ScriptResult(
                    .ok, json ? String(decoding: WireCodec.encodeBoard(board), as: UTF8.self) : Self.listing(board)))
        case .watch:
            return .send(earlier)
        case .add(let label, let section, let index):
            guard let target = section ?? board.sections.first?.id else {
                return .finished(ScriptResult(.unknownElement, "the board has no section to add to"))
            }
            guard let s = board.index(ofSection: target) else {
                return .finished(ScriptResult(.unknownElement, "unknown section \(target)"))
            }
            if let index, index > board.sections[s].items.count {
                return .finished(Self.pastTheEnd(index, of: board.sections[s]))
            }
            edit = .insert(
                Item(id: ItemID(newID), label: label),
                at: Position(section: target, index: index ?? board.sections[s].items.count))
            confirmation = newID
        case .move(let items, let section, let index):
            if let unknown = items.first(where: { !state.isLive(item: $0) }) {
                return .finished(ScriptResult(.unknownElement, "unknown item \(unknown)"))
            }
            guard state.isLive(section: section), let s = board.index(ofSection: section) else {
                return .finished(ScriptResult(.unknownElement, "unknown section \(section)"))
            }
            let others = board.sections[s].items.filter { !items.contains($0.id) }.count
            let to = Position(section: section, index: index ?? others)
            if to.index > others { return .finished(Self.pastTheEnd(to.index, of: board.sections[s])) }
            edit = items.count == 1 ? .move(item: items[0], to: to) : .moveItems(items, to: to)
            confirmation = items.count == 1 ? "moved \(items[0]) to \(to)" : "moved \(items.count) tiles to \(to)"
        case .rename(let item, let label):
            guard state.isLive(item: item) else {
                return .finished(ScriptResult(.unknownElement, "unknown item \(item)"))
            }
            edit = .rename(item: item, label: label)
            confirmation = "renamed \(item)"
        case .delete(let items):
            if let unknown = items.first(where: { !state.isLive(item: $0) }) {
                return .finished(ScriptResult(.unknownElement, "unknown item \(unknown)"))
            }
            edit = items.count == 1 ? .delete(item: items[0]) : .deleteItems(items)
            confirmation = items.count == 1 ? "deleted \(items[0])" : "deleted \(items.count) tiles"
        case .addSection(let title):
            edit = .insertSection(SectionHeader(id: SectionID(newID), title: title), at: board.sections.count)
            confirmation = newID
        case .renameSection(let id, let title):
            guard state.isLive(section: id) else {
                return .finished(ScriptResult(.unknownElement, "unknown section \(id)"))
            }
            edit = .renameSection(id, title: title)
            confirmation = "renamed section \(id)"
        case .moveSection(let id, let index):
            guard state.isLive(section: id) else {
                return .finished(ScriptResult(.unknownElement, "unknown section \(id)"))
            }
            if index >= board.sections.count {
                let count = board.sections.count
                return .finished(
                    ScriptResult(
                        .usage,
                        "index \(index) is past the last section (\(count) section\(count == 1 ? "" : "s"); the first is 0)"
                    ))
            }
            edit = .moveSection(id, to: index)
            confirmation = "moved section \(id) to \(index)"
        case .deleteSection(let id):
            guard state.isLive(section: id) else {
                return .finished(ScriptResult(.unknownElement, "unknown section \(id)"))
            }
            edit = .deleteSection(id)
            confirmation = "deleted section \(id)"
        case .importFile(_, _, let append):
            return startImport(on: state, append: append, after: earlier)
        case .restore(let version, let confirmed):
            return startRestore(to: version, confirmed: confirmed, on: state, after: earlier)
        case .boards, .history, .listAt, .export, .deleteBoard, .trash, .restoreBoard:
            return .finished(ScriptResult(.failure, "answered over HTTP, not over a WebSocket"))
        }
        return submit([edit], after: earlier)
    }

    /// Performs `edits` and sends what they ask, or ends the session with the refusal of one.
    mutating func submit(_ edits: [LocalEdit], after earlier: [ClientMessage]) -> Step {
        var sends = earlier
        for edit in edits {
            let output = machine.perform(edit)
            for notice in output.notices {
                switch notice {
                case .invalidEdit(let error): return .finished(ScriptResult(.refused, "refused (bad_op): \(error)"))
                case .viewOnly: return .finished(ScriptResult(.refused, "refused (forbidden): view only"))
                default: continue
                }
            }
            sends += output.send
        }
        if machine.pendingCount == 0 { return .finished(ScriptResult(.ok, finalConfirmation)) }
        return .send(sends)
    }

    /// The refusal of a position past the end of `section`, before anything is sent:
    /// "index 999 is past the end of To do (3 tiles)".
    static func pastTheEnd(_ index: Int, of section: Section) -> ScriptResult {
        let count = section.items.count
        return ScriptResult(
            .usage, "index \(index) is past the end of \(section.title) (\(count) tile\(count == 1 ? "" : "s"))")
    }

    /// The board as text: a header, then each section with its items' ids and labels.
    public static func listing(_ board: Board) -> String {
        var lines = ["\(board.id) v\(board.version)"]
        for section in board.sections {
            lines.append("\(section.title) [\(section.id)] (\(section.items.count))")
            for item in section.items { lines.append("  \(item.id)  \(item.label)") }
        }
        return lines.joined(separator: "\n")
    }
}
