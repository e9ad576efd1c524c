import BoardSync
import ServerTransport

extension BoardService {
    /// A plain HTTP GET: `/healthz`, `/metrics`, the pages (`BoardService+Pages`), the board
    /// list, a board's durable snapshot, or its history and earlier versions (`historyRequest`).
    package func httpRequest(_ request: HTTPRequestInfo) -> HTTPResponse {
        serviceThread.check()
        if let page = pageResponse(request) { return page }
        switch request.path {
        case "/healthz":
            return HTTPResponse(status: 200, text: "ok")
        case "/metrics":
            if let refusal = accessControl.refuseMetrics(request) { return refusal.response }
            let gauges = Metrics.Gauges(
                connections: connections.count, boardsLoaded: boards.count, dragsActive: dragsActive)
            let text = metrics.render(gauges) + (cluster?.metrics.render() ?? "")
            return HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", text: text)
        default:
            if let response = boardListRequest(request) ?? historyRequest(request) { return response }
            guard let name = Self.boardName(inPath: request.path) else { return .notFound }
            if case .failure(let refusal) = accessControl.authorize(request, board: name) { return refusal.response }
            do {
                guard let loaded = try board(named: name, create: false), !loaded.awaitingCreation else {
                    return .notFound
                }
                if loaded.connections.isEmpty, loaded.idleSince == nil { loaded.idleSince = clock() }
                armTickTimer()
                return HTTPResponse(
                    status: 200, contentType: "application/json",
                    body: WireCodec.encodeBoard(loaded.durableSnapshot))
            } catch {
                log(.error, "board unavailable", ["board": name, "error": String(describing: error)])
                return HTTPResponse(status: 500, text: "board unavailable\n")
            }
        }
    }
}
