import BoardSync

/// The connection settings every mode shares.
public struct ConnectionOptions: Hashable, Sendable {
    /// The `ws://` or `wss://HOST:PORT/boards/NAME` URL as given (or `ws[s]://HOST:PORT`).
    public var url: String
    /// The board the URL names; nil for a URL of the server only.
    public var boardName: BoardName?
    public var user: String
    /// Sent as `Authorization: Bearer`.
    public var token: String?
    /// Which certificates a `wss://` server may present.
    public var trust: CertificateTrust

    public init(
        url: String, boardName: BoardName?, user: String, token: String? = nil,
        trust: CertificateTrust = .systemAuthorities
    ) {
        self.url = url
        self.boardName = boardName
        self.user = user
        self.token = token
        self.trust = trust
    }

    /// The server's WebSocket and HTTP endpoints, from `url`.
    public var endpoints: ServerEndpoints {
        ServerEndpoints.parse(url)?.endpoints ?? ServerEndpoints(base: url)
    }
}

/// What the command line asks for.
public enum ClientInvocation: Hashable, Sendable {
    case help
    /// The interactive board; `animates` is false for `--no-animation` or `NO_MOTION=1`.
    case interactive(ConnectionOptions, animates: Bool = true)
    case script(ConnectionOptions, ScriptCommand)
}

/// Why a command line was refused; `description` is the one line printed before exiting with 2.
public enum UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    case missingURL
    case badURL(String)
    case missingValue(option: String)
    case unknownOption(String)
    case unknownCommand(String)
    case missingArgument(String)
    case unexpectedArgument(String)
    /// `value` of `option` is not a whole number of the range `allowed` says ("from 1 up").
    case badNumber(option: String, value: String, allowed: String)
    /// An option's value that is not one of its choices.
    case badChoice(option: String, value: String, allowed: [String])
    case badPosition(String)
    /// `section` without what to do with one.
    case missingSectionCommand
    case badText(what: String, problem: String)
    /// Two options that cannot be used together.
    case conflictingOptions(String, String)
    /// A TLS option with a plain `ws://` URL.
    case needsSecureURL(option: String)
    /// A command that needs a board's URL was given the server's only.
    case needsBoard(String)
    /// `value` of `option` is not a time as the trash lists it.
    case badTime(option: String, value: String)

    public var description: String {
        switch self {
        case .missingURL: "missing the board URL (ws://HOST:PORT/boards/NAME or wss://...); see --help"
        case .badURL(let url): "not a server or board URL (ws:// or wss://HOST:PORT[/boards/NAME]): \(url)"
        case .missingValue(let option): "\(option) needs a value"
        case .unknownOption(let option): "unknown option \(option)"
        case .unknownCommand(let command): "unknown command \(command) (see --help)"
        case .missingArgument(let what): "missing \(what)"
        case .unexpectedArgument(let argument): "unexpected argument \(argument)"
        case .badNumber(let option, let value, let allowed): "\(option) takes a whole number \(allowed), not \(value)"
        case .badChoice(let option, let value, let allowed):
            "\(option) takes \(allowed.dropLast().joined(separator: ", ")) or \(allowed.last ?? ""), not \(value)"
        case .badPosition(let text):
            "--to takes a position SECTION[:INDEX] (a section id, then a colon and a whole number from 0 up or nothing), not \(text)"
        case .missingSectionCommand:
            "section needs one of: add TITLE, rename ID TITLE, move ID --to INDEX, delete ID"
        case .badText(let what, let problem): "invalid \(what): \(problem)"
        case .conflictingOptions(let first, let second): "\(first) and \(second) cannot be used together"
        case .needsSecureURL(let option): "\(option) applies only to wss:// URLs"
        case .needsBoard(let command):
            command == "restore-board"
                ? "restore-board needs the board's name, or a board's URL (ws://HOST:PORT/boards/NAME)"
                : "\(command) needs a board's URL (ws://HOST:PORT/boards/NAME)"
        case .badTime(let option, let value):
            "\(option) takes a time as trash lists it, such as 2026-12-01T17:20:00.123Z, not \(value)"
        }
    }
}
