import BoardSync

/// The board the client unit tests start from, at version 5: section `main` with Mail, Maps and
/// Calc (ids a, b, c) and an empty section `done` titled Done.
let clientBoard = Board(
    id: "team", version: 5,
    sections: [
        Section(
            id: "main", title: "Main",
            items: [Item(id: "a", label: "Mail"), Item(id: "b", label: "Maps"), Item(id: "c", label: "Calc")]),
        Section(id: "done", title: "Done"),
    ])

/// `clientBoard` with `ops` applied, at the following versions.
func clientBoard(after ops: [Op]) -> Board {
    var state = BoardState(board: clientBoard)
    for op in ops { state.commit(op) }
    return state.board
}

/// A welcome for ann (client A) with bob (client B) on the board.
func clientWelcome(
    _ board: Board = clientBoard, lastSeq: Int = 0, role: Role = .editor, drags: [ServerMessage.Drag] = []
) -> ServerMessage {
    .welcome(
        .init(
            state: .board(board), you: .init(client: "A", user: "ann", role: role),
            peers: [.init(client: "B", user: "bob")], drags: drags, lastSeq: lastSeq))
}

/// A welcome that catches up with `ops` (committed at the versions after `since`).
func clientCatchUp(since: Int, _ ops: [(client: ClientID, op: Op)], lastSeq: Int) -> ServerMessage {
    let committed = ops.enumerated().map { offset, entry in
        SequencedOp(
            version: since + offset + 1, client: entry.client, user: entry.client == "A" ? "ann" : "bob", seq: 0,
            op: entry.op)
    }
    return .welcome(
        .init(
            state: .ops(committed), you: .init(client: "A", user: "ann", role: .editor),
            peers: [.init(client: "B", user: "bob")], lastSeq: lastSeq))
}

/// Ann's client machine, connected and welcomed with `clientBoard` (or `board`).
func liveClient(_ board: Board = clientBoard, role: Role = .editor) -> ClientMachine {
    var machine = ClientMachine(clientID: "A", user: "ann", boardID: "team")
    _ = machine.connectionOpened()
    _ = machine.receive(clientWelcome(board, role: role))
    return machine
}

/// An op committed by bob.
func bobs(_ version: Int, _ op: Op) -> ServerMessage {
    opMessage(version, "B", "bob", op)
}

/// A drag step of bob's.
func bobDrags(
    _ action: DragAction, _ item: ItemID, from: Position? = nil, to: Position? = nil, version: Int = 5
)
    -> ServerMessage
{
    dragMessage(action, "B", "bob", item, from: from, to: to, version: version)
}

func submitMessage(_ seq: Int, base: Int, _ op: Op) -> ClientMessage {
    .submit(.init(seq: seq, base: base, op: op))
}

/// The view of `board` with the cell of `item` moved to `to` (counted without it) and labelled
/// with `holder`.
func viewWithPlaceholder(_ board: Board, item: ItemID, at to: Position?, holder: DragHolder) -> BoardView {
    var sections = BoardView(board: board).sections
    guard let s = sections.firstIndex(where: { $0.cells.contains { $0.id == item } }),
        let c = sections[s].cells.firstIndex(where: { $0.id == item })
    else { return BoardView(sections: sections) }
    var cell = sections[s].cells.remove(at: c)
    cell.holder = holder
    guard let to, let target = sections.firstIndex(where: { $0.id == to.section }) else {
        sections[s].cells.insert(cell, at: c)
        return BoardView(sections: sections)
    }
    sections[target].cells.insert(cell, at: to.index)
    return BoardView(sections: sections)
}

let annHolds = DragHolder(client: "A", user: "ann", isLocal: true)
let bobHolds = DragHolder(client: "B", user: "bob", isLocal: false)

/// Ann's client session (client A), started, connected and welcomed with `clientBoard`.
func liveSession() -> ClientSession {
    var session = ClientSession(board: "team", user: "ann", client: "A", seed: 3)
    _ = session.handle(.start, now: 0)
    _ = session.handle(.opened, now: 0)
    _ = session.handle(.received(clientWelcome()), now: 0)
    return session
}
