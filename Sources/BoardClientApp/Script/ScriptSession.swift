import BoardSync

/// Runs one scripted operation over a client machine, without I/O: `start` gives the hello, each
/// server message gives the messages to send next or the result. The operation is made through
/// `ClientMachine.perform` once the welcome arrived, so its positions match the board, and the
/// session ends when the server acknowledged (or refused) it.
public struct ScriptSession: Sendable {
    /// What to do after a server message.
    public enum Step: Hashable, Sendable {
        case send([ClientMessage])
        case finished(ScriptResult)
    }

    public let command: ScriptCommand
    public private(set) var machine: ClientMachine
    private let newID: String
    private var confirmation = ""
    private var performed = false

    /// `newID` names the item or section an `add` creates.
    public init(command: ScriptCommand, clientID: ClientID, user: String, boardName: String, newID: String) {
        self.command = command
        self.newID = newID
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
        return .finished(ScriptResult(.ok, confirmation))
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
        case .boards, .history, .listAt, .deleteBoard, .trash, .restoreBoard:
            return .finished(ScriptResult(.failure, "answered over HTTP, not over a WebSocket"))
        }
        let output = machine.perform(edit)
        for notice in output.notices {
            switch notice {
            case .invalidEdit(let error): return .finished(ScriptResult(.refused, "refused (bad_op): \(error)"))
            case .viewOnly: return .finished(ScriptResult(.refused, "refused (forbidden): view only"))
            default: continue
            }
        }
        if machine.pendingCount == 0 { return .finished(ScriptResult(.ok, confirmation)) }
        return .send(earlier + output.send)
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
