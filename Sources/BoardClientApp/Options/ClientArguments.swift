import BoardSync

/// Parses `board-client`'s command line. Pure: the login name, `BOARD_TOKEN` and `NO_MOTION` are
/// passed in.
public enum ClientArguments {
    public static let usage = """
        usage: board-client ws[s]://HOST:PORT/boards/NAME [--user NAME] [--token T]
                            [--ca FILE | --insecure] [--no-animation] [COMMAND]

        Without a command: the interactive board (press ? inside for the keys).
        Commands:
          list [--json]                       print the board (--json: the snapshot)
          add LABEL [--section ID] [--at N]   add a tile (default: first section, end); prints its id
          move ITEM --to SECTION:INDEX        move a tile
          rename ITEM LABEL                   change a tile's label
          delete ITEM                         delete a tile
          section add TITLE                   add a section at the end; prints its id
          watch                               print each server message as a JSON line
        Options:
          --user NAME    name shown to others (default: the login name)
          --token T      access token (default: $BOARD_TOKEN), sent as Authorization: Bearer
          --ca FILE      wss:// only: also trust the CA certificates in this PEM file (a private
                         CA or a self-signed server certificate); without it, wss:// trusts the
                         system's certificate authorities
          --insecure     wss:// only: do not check the server's certificate at all; anyone on
                         the network path can then read and change the session (a warning is
                         printed, and the status line shows "insecure")
          --no-animation show every change at once, without motion (for slow links, or if you
                         prefer it; NO_MOTION=1 in the environment does the same)
          --help         this text
        Exit status: 0 done, 2 bad usage, 3 unknown item or section, 4 server unreachable or
        its certificate not trusted, 5 refused by the server, 1 anything else.
        """

    static let valueOptions: Set<String> = ["--user", "--token", "--ca", "--section", "--at", "--to"]
    /// Options every mode accepts.
    static let connectionOptions: Set<String> = ["--user", "--token", "--ca"]

    /// `environmentNoMotion` is `NO_MOTION`: any value but empty or `0` turns animation off.
    public static func parse(
        _ arguments: [String], defaultUser: String, environmentToken: String?, environmentNoMotion: String? = nil
    ) throws(UsageError) -> ClientInvocation {
        var values: [String: String] = [:]
        var flags: Set<String> = []
        var positional: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--help" || argument == "-h" { return .help }
            if argument == "--json" || argument == "--insecure" || argument == "--no-animation" {
                flags.insert(argument)
            } else if valueOptions.contains(argument) {
                guard index < arguments.count else { throw .missingValue(option: argument) }
                values[argument] = arguments[index]
                index += 1
            } else if argument.hasPrefix("--"), argument.count > 2 {
                throw .unknownOption(argument)
            } else {
                positional.append(argument)
            }
        }
        guard let url = positional.first else { throw .missingURL }
        guard let boardName = boardName(in: url) else { throw .badURL(url) }
        let user = values["--user"] ?? defaultUser
        if let problem = Validation.checkText(user, limit: Validation.userLimit) {
            throw .badText(what: "user name", problem: AppModel.describe(problem))
        }
        let token = values["--token"] ?? environmentToken.flatMap { $0.isEmpty ? nil : $0 }
        let trust = try certificateTrust(
            url: url, authorityFile: values["--ca"], insecure: flags.contains("--insecure"))
        let options = ConnectionOptions(url: url, boardName: boardName, user: user, token: token, trust: trust)
        let rest = Array(positional.dropFirst())
        guard let command = try scriptCommand(rest, values: values, flags: flags) else {
            for option in ["--section", "--at", "--to"] where values[option] != nil {
                throw .unexpectedArgument(option)
            }
            if flags.contains("--json") { throw .unexpectedArgument("--json") }
            let noMotion = environmentNoMotion.map { !$0.isEmpty && $0 != "0" } ?? false
            return .interactive(options, animates: !flags.contains("--no-animation") && !noMotion)
        }
        if flags.contains("--no-animation") { throw .unexpectedArgument("--no-animation") }
        return .script(options, command)
    }

    private static func certificateTrust(
        url: String, authorityFile: String?, insecure: Bool
    ) throws(UsageError) -> CertificateTrust {
        if authorityFile != nil && insecure { throw .conflictingOptions("--ca", "--insecure") }
        let secure = url.hasPrefix("wss://")
        if let authorityFile {
            guard secure else { throw .needsSecureURL(option: "--ca") }
            return .authorityFile(authorityFile)
        }
        if insecure {
            guard secure else { throw .needsSecureURL(option: "--insecure") }
            return .insecure
        }
        return .systemAuthorities
    }

    /// The board name of `ws://HOST[:PORT]/boards/NAME[?query]`, if the URL has that shape.
    public static func boardName(in url: String) -> String? {
        guard url.hasPrefix("ws://") || url.hasPrefix("wss://") else { return nil }
        let afterScheme = url.drop { $0 != "/" }.dropFirst(2)
        guard let slash = afterScheme.firstIndex(of: "/"), slash != afterScheme.startIndex else { return nil }
        var path = afterScheme[slash...]
        if let query = path.firstIndex(of: "?") { path = path[..<query] }
        guard path.hasPrefix("/boards/") else { return nil }
        let name = String(path.dropFirst("/boards/".count))
        return Validation.isBoardName(name) ? name : nil
    }

    private static func scriptCommand(
        _ words: [String], values: [String: String], flags: Set<String>
    ) throws(UsageError) -> ScriptCommand? {
        guard let name = words.first else { return nil }
        let arguments = Array(words.dropFirst())
        func expect(_ count: Int, _ what: String) throws(UsageError) {
            if arguments.count < count { throw .missingArgument(what) }
            if arguments.count > count { throw .unexpectedArgument(arguments[count]) }
        }
        func text(_ value: String, _ what: String) throws(UsageError) -> String {
            if let problem = Validation.checkText(value, limit: Validation.defaultTextLimit) {
                throw .badText(what: what, problem: AppModel.describe(problem))
            }
            return value
        }
        func allow(_ options: Set<String>, json: Bool = false) throws(UsageError) {
            for option in values.keys where !connectionOptions.contains(option) && !options.contains(option) {
                throw .unexpectedArgument(option)
            }
            if !json && flags.contains("--json") { throw .unexpectedArgument("--json") }
        }
        switch name {
        case "list":
            try expect(0, "")
            try allow([], json: true)
            return .list(json: flags.contains("--json"))
        case "add":
            try expect(1, "LABEL")
            try allow(["--section", "--at"])
            var at: Int?
            if let text = values["--at"] {
                guard let number = Int(text), number >= 0 else { throw .badNumber(text) }
                at = number
            }
            return .add(label: try text(arguments[0], "label"), section: values["--section"], index: at)
        case "move":
            try expect(1, "ITEM")
            try allow(["--to"])
            guard let target = values["--to"] else { throw .missingArgument("--to SECTION:INDEX") }
            guard let colon = target.lastIndex(of: ":"), let index = Int(target[target.index(after: colon)...]),
                index >= 0, colon != target.startIndex
            else { throw .badPosition(target) }
            return .move(item: arguments[0], to: Position(section: String(target[..<colon]), index: index))
        case "rename":
            try expect(2, "ITEM LABEL")
            try allow([])
            return .rename(item: arguments[0], label: try text(arguments[1], "label"))
        case "delete":
            try expect(1, "ITEM")
            try allow([])
            return .delete(item: arguments[0])
        case "section":
            guard arguments.first == "add" else { throw .unknownCommand("section \(arguments.first ?? "")") }
            guard arguments.count == 2 else {
                throw arguments.count < 2 ? .missingArgument("TITLE") : .unexpectedArgument(arguments[2])
            }
            try allow([])
            return .addSection(title: try text(arguments[1], "title"))
        case "watch":
            try expect(0, "")
            try allow([])
            return .watch
        default:
            throw .unknownCommand(name)
        }
    }
}
