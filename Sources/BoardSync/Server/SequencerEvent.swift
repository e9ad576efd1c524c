/// Something that happened to a board, as the server shell reports it to the board's
/// `Sequencer`. Each event is one turn: `handle` answers it with a `SequencerOutput`.
public enum SequencerEvent: Hashable, Sendable {
    /// A WebSocket connection to the board was opened with `role` (from its token, or `editor`
    /// when the server runs without tokens). The connection must send `hello` first.
    case connected(ConnectionID, role: Role)
    /// A decoded message arrived on a connection.
    case received(ConnectionID, ClientMessage)
    /// A message on a connection could not be decoded; it is answered with `bad_message`
    /// (carrying the seq of a submit whose seq could be read).
    case undecodable(ConnectionID, ClientMessageRefusal)
    /// The connection is gone (closed by either side, or dropped). Also reported for a
    /// connection the sequencer asked to close; that report is then ignored.
    case disconnected(ConnectionID)
    /// Time passed: drags idle for the drag timeout are cancelled with reason `timeout`.
    case tick
    /// The shell has made the commits and `lastSeq` updates of the previous turns durable and
    /// handed their messages to the transport. Until then a connection whose `submit` was
    /// answered is still "in flight", and another `submit` from it is refused with `in_flight`.
    case flushed
    /// Ops that another server sharing the board's store committed, in version order, the first
    /// continuing this board's version: each is applied (no check but that it applies), sent
    /// as `op` to every connection and carried through the drags. Ops at versions the board
    /// already has are skipped; the first that does not continue it, or does not apply, stops
    /// the event (`version` tells how far it got).
    case committedElsewhere([SequencedOp])
    /// Presence or a drag of a client connected through another server.
    case remote(RemoteActivity)
    /// A submit over HTTP (protocol 1.2 section 12) of `client`, named `user`, with `role`: it is
    /// answered like a WebSocket submit of that client (the same seq rules, `ack` or `error`),
    /// sent to `answerTo`, a connection id of its own that no hello, welcome or presence ever
    /// concerns and that is forgotten once the submit is answered.
    case submittedOverHTTP(answerTo: ConnectionID, role: Role, client: ClientID, user: String, ClientMessage.Submit)
}
