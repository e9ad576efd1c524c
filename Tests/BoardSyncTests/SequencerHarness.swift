import BoardSync
import TestSupport

/// Drives one `Sequencer` with readable calls and a clock the test sets.
struct SequencerHarness {
    var sequencer: Sequencer
    var now = 0.0

    /// Section `main` with items a, b, c (labels A, B, C) and an empty section `done`, version 0.
    static let sampleBoard = Board.sample

    init(
        board: Board = sampleBoard, recentOps: [SequencedOp] = [], lastSeqs: [ClientID: Int] = [:],
        config: SequencerConfig = .default
    ) {
        sequencer = Sequencer(
            state: BoardState(board: board), recentOps: recentOps, lastSeqs: lastSeqs, config: config)
    }

    @discardableResult
    mutating func handle(_ event: SequencerEvent) -> SequencerOutput {
        sequencer.handle(event, now: now)
    }

    /// Opens a connection and says `hello`; returns the output of the hello.
    @discardableResult
    mutating func join(
        _ id: ConnectionID, client: ClientID, user: String, role: Role = .editor, since: Int? = nil
    ) -> SequencerOutput {
        handle(.connected(id, role: role))
        return handle(.received(id, .hello(.init(client: client, user: user, since: since))))
    }

    @discardableResult
    mutating func submit(_ id: ConnectionID, seq: Int, base: Int, _ op: Op) -> SequencerOutput {
        handle(.received(id, .submit(.init(seq: seq, base: base, op: op))))
    }

    /// Submits and then reports the turn flushed, as the shell does after persisting.
    @discardableResult
    mutating func submitAndFlush(_ id: ConnectionID, seq: Int, base: Int, _ op: Op) -> SequencerOutput {
        let output = submit(id, seq: seq, base: base, op)
        handle(.flushed)
        return output
    }

    @discardableResult
    mutating func drag(_ id: ConnectionID, _ drag: ClientMessage.Drag) -> SequencerOutput {
        handle(.received(id, .drag(drag)))
    }
}

let c1 = ConnectionID(1)
let c2 = ConnectionID(2)
let c3 = ConnectionID(3)

/// A message to one connection.
func one(_ id: ConnectionID, _ message: ServerMessage) -> Outgoing {
    Outgoing(message: message, recipients: .connection(id), connections: [id])
}

/// A message to every joined connection, resolved to `connections`.
func everyone(_ message: ServerMessage, _ connections: [ConnectionID]) -> Outgoing {
    Outgoing(message: message, recipients: .allConnections, connections: connections)
}

/// A message to every joined connection but `except`, resolved to `connections`.
func others(_ except: ConnectionID, _ message: ServerMessage, _ connections: [ConnectionID]) -> Outgoing {
    Outgoing(message: message, recipients: .allExcept(except), connections: connections)
}

func errorMessage(_ code: ErrorCode, _ text: String, seq: Int? = nil, item: ItemID? = nil) -> ServerMessage {
    .error(.init(code: code, message: text, seq: seq, item: item))
}

func ack(_ seq: Int, _ version: Int, _ op: Op?, duplicate: Bool = false) -> ServerMessage {
    .ack(.init(seq: seq, version: version, op: op, duplicate: duplicate))
}

func opMessage(_ version: Int, _ client: ClientID, _ user: String, _ op: Op) -> ServerMessage {
    .op(.init(version: version, client: client, user: user, seq: 0, op: op))
}

func dragMessage(
    _ action: DragAction, _ client: ClientID, _ user: String, _ item: ItemID, from: Position? = nil,
    to: Position? = nil, version: Int, reason: DragEndReason? = nil
) -> ServerMessage {
    .drag(
        .init(
            action: action, client: client, user: user, item: item, from: from, to: to, version: version, reason: reason
        ))
}
