/// The body of `POST /boards/BOARD/ops` (protocol 1.2 section 12): `{"client", "user", "seq",
/// "base", "op" | "ops"}`, a submit of that client over HTTP.
public struct HTTPSubmit: Hashable, Sendable {
    public var client: ClientID
    /// The name the body gives; the server uses the name its token binds instead, when it has one.
    public var user: String
    public var submit: ClientMessage.Submit

    /// Reads a body: a JSON object whose `client` is an identifier, whose `user` passes the
    /// user-name rules and whose `seq`, `base` and `op` or `ops` make a valid `submit`. A refusal
    /// names the `seq` when it could be read, like a refused WebSocket submit.
    public static func decode(_ bytes: [UInt8]) throws(ClientMessageRefusal) -> HTTPSubmit {
        let parsed: JSONValue
        do {
            parsed = try JSONValue.parse(bytes)
        } catch {
            throw ClientMessageRefusal(.notJSON(offset: error.offset, reason: error.reason))
        }
        guard case .object(let body) = parsed else { throw ClientMessageRefusal(.notAnObject) }
        var members = body.members.filter { $0.key != "type" && $0.key != "client" && $0.key != "user" }
        members.insert(JSONObject.Member(key: "type", value: "submit"), at: 0)
        let message = try WireCodec.receiveClientMessage(JSONValue.object(JSONObject(members)).encoded)
        guard case .submit(let submit) = message else { throw ClientMessageRefusal(.notAnObject) }
        guard case .string(let client)? = body["client"], Validation.isIdentifier(client) else {
            throw ClientMessageRefusal(.invalidIdentifier("client"), seq: submit.seq)
        }
        guard case .string(let user)? = body["user"] else {
            throw ClientMessageRefusal(.missingField("user"), seq: submit.seq)
        }
        if let problem = Validation.checkText(user, limit: Validation.userLimit) {
            throw ClientMessageRefusal(.invalidText(field: "user", problem), seq: submit.seq)
        }
        return HTTPSubmit(client: ClientID(client), user: user, submit: submit)
    }
}

extension ErrorCode {
    /// The HTTP status of a write over HTTP refused with this code (protocol 1.2 section 12).
    public var httpStatus: Int {
        switch self {
        case .stale, .locked, .inFlight: 409
        case .badOp, .badMessage: 422
        case .limit: 429
        case .forbidden: 403
        case .unavailable: 503
        }
    }
}
