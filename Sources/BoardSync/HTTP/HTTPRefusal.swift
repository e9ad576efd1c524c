/// The JSON body of a refused history or version request: a stable `error` word and, for a bad
/// parameter, a one-line `message` saying what is wrong. `GET /boards/BOARD?version=V` answers
/// 404 with `{"error": "not_retained"}` for a version the server cannot rebuild.
public struct HTTPRefusal: Hashable, Sendable, Error {
    /// The words of `error`.
    public enum Reason: String, Hashable, Sendable {
        /// A query parameter is not what the endpoint accepts (HTTP 400).
        case badParameter = "bad_parameter"
        /// The server no longer holds what it needs to rebuild that version (HTTP 404).
        case notRetained = "not_retained"
        /// A board of that name exists, so one from the trash cannot take its name (HTTP 409).
        case boardExists = "board_exists"
        /// The board has changes on their way to the store; the request may be repeated (HTTP 503).
        case unavailable
    }

    public var error: Reason
    public var message: String?

    public init(_ error: Reason, message: String? = nil) {
        self.error = error
        self.message = message
    }
}
