/// The stable codes of `error` messages (protocol section 6); the raw value is the wire string.
public enum ErrorCode: String, Hashable, Sendable, CaseIterable {
    case badMessage = "bad_message"
    case badOp = "bad_op"
    case limit = "limit"
    case stale = "stale"
    case inFlight = "in_flight"
    case locked = "locked"
    case forbidden = "forbidden"
}
