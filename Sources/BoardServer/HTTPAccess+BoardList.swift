import BoardStore
import BoardSync
import ServerTransport

extension HTTPAccess {
    /// `GET /boards` (protocol section 8): every board the request's token covers (every board
    /// without tokens), sorted by name, with its durable version and size; an empty list for a
    /// token that covers none; 401 for a missing or unknown token. With `?trash=1`, the boards
    /// in the trash instead (protocol section 11). A loaded board is summed up
    /// from memory (on a server sharing its store, only when memory has the store's head);
    /// another one is rebuilt from the store once per version and remembered.
    /// Nil for any other request.
    func boardListRequest(_ request: HTTPRequestInfo) -> HTTPResponse? {
        guard request.path == "/boards" else { return nil }
        let patterns: [BoardPattern]?
        switch accessControl.boardsCovered(request) {
        case .success(let covered): patterns = covered
        case .failure(let refusal): return refusal.response
        }
        do {
            if request.query["trash"] == "1" { return try trashList(covering: patterns) }
            var summaries: [BoardSummary] = []
            for name in try store.listBoards() where patterns?.contains(where: { $0.matches(name) }) ?? true {
                if let summary = try summary(of: name) { summaries.append(summary) }
            }
            return HTTPResponse(
                status: 200, contentType: "application/json", body: WireCodec.encodeBoardList(summaries))
        } catch {
            log(.error, "board list unavailable", ["error": String(describing: error)])
            return HTTPResponse(status: 500, text: "board list unavailable\n")
        }
    }

    func summary(of name: BoardName) throws -> BoardSummary? {
        let loaded = boards[name].flatMap { $0.awaitingCreation ? nil : $0 }
        if let loaded, !durability.canLoseRaces { return BoardSummary(loaded.durableBoard) }
        guard let head = try store.headVersion(of: name) else { return nil }
        if let loaded, loaded.durableBoard.version == head { return BoardSummary(loaded.durableBoard) }
        if let known = boardSummaries[name], known.version == head { return known }
        guard case .board(let board) = try PastBoard.rebuild(name, at: head, store: store, maxOps: .max) else {
            return nil
        }
        let summary = BoardSummary(board)
        boardSummaries[name] = summary
        return summary
    }
}

extension AccessControl.Refusal {
    /// 401: the request carries no token, or one the tokens file does not hold.
    static let unknownToken = Self(status: 401, body: "missing or unknown token\n", reason: "unauthorized")
    /// 403: the token is valid but does not cover the board asked for.
    static let uncoveredBoard = Self(status: 403, body: "the token does not cover this board\n", reason: "forbidden")
}
