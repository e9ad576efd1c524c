import BoardSync

/// What a page knows when it opens a board: who is there and on which board, the seed of the
/// session's id generator (the page draws it, e.g. with `crypto.getRandomValues`, since the
/// core draws no randomness), and the board's limits when the server announces other ones.
public struct SessionParameters: Hashable, Sendable {
    /// The client id `hello` carries; nil lets the session make one from the seed. It stays the
    /// same across the session's reconnects.
    public var client: ClientID?
    public var user: String
    public var board: BoardName
    public var seed: UInt64
    public var limits: Limits
    /// How answers with a batch carry the new view.
    public var views: ViewAnswers
    /// Whether the page's connection carries an access token (for the words of a refusal).
    public var usesToken: Bool
    /// What an earlier session of this board kept (`SavedSession`'s JSON form): the session is
    /// made again from it, with its client id, board and pending edits.
    public var saved: SavedSession?

    /// How an answer with a batch carries the new view: the whole of it (`view`), or only what
    /// changed (`changes`, a `ViewChanges`), for a page that keeps the previous view itself.
    public enum ViewAnswers: String, Hashable, Sendable {
        case whole
        case changes
    }

    public init(
        client: ClientID? = nil, user: String, board: BoardName, seed: UInt64, limits: Limits = .default,
        views: ViewAnswers = .whole, usesToken: Bool = false, saved: SavedSession? = nil
    ) {
        self.client = client
        self.user = user
        self.board = board
        self.seed = seed
        self.limits = limits
        self.views = views
        self.usesToken = usesToken
        self.saved = saved
    }

    /// Decodes `{"board": "demo", "user": "ann", "seed": 42}` with optional `client`, `limits`
    /// (`maxItems`, `maxSections`, `maxTextLength`) and `views` (`"whole"`, the default, or
    /// `"changes"`), `usesToken` and `saved` (a kept session's JSON form), checking the protocol's
    /// rules for ids, board names and user names.
    public init(json bytes: [UInt8]) throws(BrowserInputError) {
        let fields = try InputFields(parsing: bytes)
        client = try fields.optionalString("client").map(ClientID.init)
        user = try fields.string("user")
        let boardText = try fields.string("board")
        seed = try fields.unsigned("seed")
        limits = .default
        if let given = try fields.nested("limits") {
            limits.maxItems = try given.optionalInteger("maxItems") ?? limits.maxItems
            limits.maxSections = try given.optionalInteger("maxSections") ?? limits.maxSections
            limits.maxTextLength = try given.optionalInteger("maxTextLength") ?? limits.maxTextLength
        }
        views = .whole
        if let form = try fields.optionalString("views") {
            guard let known = ViewAnswers(rawValue: form) else {
                throw .invalidParameter(field: "views", reason: "must be \"whole\" or \"changes\"")
            }
            views = known
        }
        usesToken = try fields.optionalBool("usesToken") ?? false
        if let kept = try fields.nested("saved") {
            do {
                saved = try SavedSession(json: kept.object.text)
            } catch {
                throw .invalidParameter(field: "saved", reason: "cannot be read: \(error.message)")
            }
        }
        guard let name = BoardName(boardText) else {
            try Self.checkPerson(client: client, user: user)
            throw .invalidParameter(field: "board", reason: "is not a valid board name")
        }
        board = name
        try check()
    }

    /// Refuses what the server would refuse in `hello` or in the URL.
    public func check() throws(BrowserInputError) {
        try Self.checkPerson(client: client, user: user)
        if limits.maxItems < 0 || limits.maxSections < 0 || limits.maxTextLength < 1 {
            throw .invalidParameter(field: "limits", reason: "must be positive")
        }
        if let saved, saved.board != board || saved.user != user || (client.map { $0 != saved.client } ?? false) {
            throw .invalidParameter(field: "saved", reason: "belongs to another board, user or client")
        }
    }

    /// Refuses a client id or user name the server would refuse in `hello`.
    private static func checkPerson(client: ClientID?, user: String) throws(BrowserInputError) {
        if let client, !Validation.isIdentifier(client.rawValue) {
            throw .invalidParameter(field: "client", reason: "is not a valid id")
        }
        if Validation.checkText(user, limit: Validation.userLimit) != nil {
            throw .invalidParameter(
                field: "user",
                reason: "must be 1 to \(Validation.userLimit) characters, not only spaces, no control characters")
        }
    }
}
