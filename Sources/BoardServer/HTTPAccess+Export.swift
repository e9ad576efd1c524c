import BoardSync
import ServerTransport

extension HTTPAccess {
    /// `GET /boards/NAME/export?format=json|csv` (protocol section 11), or nil for any other
    /// path. The board's durable snapshot written by the core's `BoardExport`: JSON as
    /// `application/json`, CSV as `text/csv; charset=utf-8; header=present`, each with
    /// `Content-Disposition: attachment; filename="NAME.json"` (or `.csv`). Checks in order, as
    /// the other board endpoints: the path (404), the token (401, 403), the format (400
    /// `bad_parameter`, also when it is missing), the board (404; an export never creates one).
    func exportRequest(_ request: HTTPRequestInfo) -> HTTPResponse? {
        let path = request.path
        guard path.hasPrefix("/boards/"), path.hasSuffix("/export") else { return nil }
        guard let name = Self.boardName(inPath: path, before: "/export") else { return .notFound }
        if case .failure(let refusal) = accessControl.authorize(request, board: name) { return refusal.response }
        let format: TransferFormat
        switch request.query["format"] {
        case "json": format = .json
        case "csv": format = .csv
        default:
            let refusal = HTTPRefusal(.badParameter, message: "format must be json or csv")
            return HTTPResponse(status: 400, contentType: "application/json", body: WireCodec.encodeRefusal(refusal))
        }
        return answerWithBoard(named: name) { board in
            var response = HTTPResponse(
                status: 200,
                contentType: format == .csv ? "text/csv; charset=utf-8; header=present" : "application/json",
                body: BoardExport.write(board, as: format))
            response.headers.append(
                HTTPHeader("Content-Disposition", "attachment; filename=\"\(name).\(format.rawValue)\""))
            return response
        }
    }
}
