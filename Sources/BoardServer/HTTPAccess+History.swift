import BoardStore
import BoardSync
import ServerTransport

extension HTTPAccess {
    /// `GET /boards/NAME/history` and `GET /boards/NAME?version=V` (protocol section 8), or nil
    /// for any other request. Both read the store, so they show only durable ops, and neither
    /// creates or loads a board. Checks in order: the path (404), the token (401, 403), the
    /// parameters (400), the board (404), and for a version whether it can be rebuilt (404
    /// `not_retained`).
    func historyRequest(_ request: HTTPRequestInfo) -> HTTPResponse? {
        let path = request.path
        if path.hasPrefix("/boards/"), path.hasSuffix("/history") {
            guard let name = Self.boardName(inPath: path, before: "/history") else { return .notFound }
            if case .failure(let refusal) = accessControl.authorize(request, board: name) { return refusal.response }
            switch HistoryParameters.history(request.query) {
            case .failure(let refusal): return Self.response(400, refusal)
            case .success(let query):
                return answer(board: name, failing: "board history unavailable") { try history(of: name, query) }
            }
        }
        guard let name = Self.boardName(inPath: path), let text = request.query["version"] else { return nil }
        if case .failure(let refusal) = accessControl.authorize(request, board: name) { return refusal.response }
        switch HistoryParameters.version(text) {
        case .failure(let refusal): return Self.response(400, refusal)
        case .success(let version):
            return answer(board: name, failing: "board history unavailable") { try pastBoard(name, at: version) }
        }
    }

    private func history(of name: BoardName, _ query: HistoryParameters.HistoryQuery) throws -> HTTPResponse {
        guard let head = try store.headVersion(of: name) else { return .notFound }
        let before = min(query.before ?? head + 1, head + 1)
        let entries = try store.opsBefore(name, version: before, limit: query.limit)
        return HTTPResponse(
            status: 200, contentType: "application/json",
            body: WireCodec.encodeHistory(HistoryPage(board: name, entries: entries)))
    }

    private func pastBoard(_ name: BoardName, at version: Int) throws -> HTTPResponse {
        switch try PastBoard.rebuild(name, at: version, store: store, maxOps: options.snapshotEvery) {
        case .noSuchBoard:
            return .notFound
        case .notRetained:
            return Self.response(404, HTTPRefusal(.notRetained))
        case .board(let board):
            return HTTPResponse(status: 200, contentType: "application/json", body: WireCodec.encodeBoard(board))
        }
    }

    static func response(_ status: Int, _ refusal: HTTPRefusal) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: WireCodec.encodeRefusal(refusal))
    }
}
