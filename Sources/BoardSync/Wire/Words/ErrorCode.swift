/// The stable codes of `error` messages (protocol section 6); the raw value is the wire string.
public enum ErrorCode: String, Hashable, Sendable, CaseIterable {
    case badMessage = "bad_message"
    case badOp = "bad_op"
    case limit = "limit"
    case stale = "stale"
    case inFlight = "in_flight"
    case locked = "locked"
    case forbidden = "forbidden"
    /// 1.1: the server could not make a submit durable and gave up (its store cannot be
    /// reached); the seq is not consumed and the client submits again later.
    case unavailable = "unavailable"
}
