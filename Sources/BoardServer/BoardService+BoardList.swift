import BoardSync
import WebSocketTransport

extension BoardService {
    /// `GET /boards`: `{"boards": [{"id", "version", "sections", "items"}]}`, sorted by id, of
    /// every existing board the request's token covers (all of them without tokens; an empty
    /// list for a token that covers none); 401 for a missing or unknown token. Counts come from
    /// each board's durable snapshot, as `GET /boards/BOARD` shows it.
    func boardList(_ request: HTTPRequestInfo) -> HTTPResponse {
        serviceThread.check()
        let grant: TokenGrant?
        switch accessControl.listGrant(request) {
        case .success(let found): grant = found
        case .failure(let refusal): return refusal.response
        }
        var writer = JSONWriter(reservingCapacity: 256)
        writer.beginObject()
        writer.key("boards")
        writer.beginArray()
        do {
            let names = try store.listBoards().sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for name in names where grant?.covers(name) ?? true {
                guard let loaded = try board(named: name, create: false), !loaded.awaitingCreation else { continue }
                if loaded.connections.isEmpty, loaded.idleSince == nil { loaded.idleSince = clock() }
                let snapshot = loaded.durableSnapshot
                writer.beginObject()
                writer.key("id")
                writer.string(name)
                writer.key("version")
                writer.integer(snapshot.version)
                writer.key("sections")
                writer.integer(snapshot.sections.count)
                writer.key("items")
                writer.integer(snapshot.sections.reduce(0) { $0 + $1.items.count })
                writer.endObject()
            }
        } catch {
            log(.error, "board list unavailable", ["error": String(describing: error)])
            return HTTPResponse(status: 500, text: "board list unavailable\n")
        }
        armTickTimer()
        writer.endArray()
        writer.endObject()
        return HTTPResponse(status: 200, contentType: "application/json", body: writer.bytes)
    }
}

extension AccessControl {
    /// Whose boards `GET /boards` lists: nil (every board) when the server runs without tokens,
    /// else the grant of the request's token; a missing or unknown token is refused with 401.
    func listGrant(_ request: HTTPRequestInfo) -> Result<TokenGrant?, Refusal> {
        guard let tokens else { return .success(nil) }
        guard let token = Self.presentedToken(request), let grant = tokens.grant(for: token) else {
            return .failure(.unknownToken)
        }
        return .success(grant)
    }
}

extension AccessControl.Refusal {
    /// 401: the request carries no token, or one the tokens file does not hold.
    static let unknownToken = Self(status: 401, body: "missing or unknown token\n", reason: "unauthorized")
}
