import BoardSync
import ServerTransport

extension HTTPAccess {
    /// The answer `body` makes from the store; when the store fails, the failure is logged as
    /// `failing` with the board and the error, and the request is answered with 500.
    func answer(board: BoardName, failing: String, _ body: () throws -> HTTPResponse) -> HTTPResponse {
        do {
            return try body()
        } catch {
            log(.error, failing, ["board": board.rawValue, "error": String(describing: error)])
            return HTTPResponse(status: 500, text: "board unavailable\n")
        }
    }
}
