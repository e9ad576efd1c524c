/// A message the server sends to a client (protocol section 5, "Server to client").
public enum ServerMessage: Hashable, Sendable {
    case welcome(Welcome)
    case ack(Ack)
    /// A committed op, without its `seq` and commit time.
    case op(SequencedOp)
    case drag(Drag)
    case presence(Presence)
    case error(ErrorReport)

    /// The wire value of the message's `type` field.
    public var type: String {
        switch self {
        case .welcome: "welcome"
        case .ack: "ack"
        case .op: "op"
        case .drag: "drag"
        case .presence: "presence"
        case .error: "error"
        }
    }
}
