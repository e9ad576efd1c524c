import BoardSync

/// Parses `board-client`'s command line. Pure: the login name, `BOARD_TOKEN` and `NO_MOTION` are
/// passed in.
public enum ClientArguments {
    public static let usage = """
        usage: board-client ws[s]://HOST:PORT[/boards/NAME] [--user NAME] [--token T]
                            [--ca FILE | --insecure] [--no-animation] [COMMAND]

        Without a command: the interactive board, or with only ws[s]://HOST:PORT the list of the
        server's boards to pick one from (press ? inside for the keys).
        Commands (all but boards need the board's URL):
          boards [--json]                     list the boards with versions and sizes
          list [--json]                       print the board (--json: the snapshot)
          list --at VERSION [--json]          print the board as it was at VERSION
          history [--limit N] [--json]        the latest N changes (default 50), newest first, in
                                              words (--json: one JSON line per change)
          add LABEL [--section ID] [--at N]   add a tile (default: first section, end); prints its id
          move ITEM... --to SECTION[:INDEX]   move tiles (default: the section's end); several
                                              tiles move together, in the order given
          rename ITEM LABEL                   change a tile's label
          delete ITEM...                      delete tiles; several are one change
          section add TITLE                   add a section at the end; prints its id
          section rename ID TITLE             change a section's title
          section move ID --to INDEX          move a section to INDEX (0 is the first)
          section delete ID                   delete a section and every tile in it
          watch                               print each server message as a JSON line
          delete-board [--yes]                move the board to the server's trash, after asking
                                              (--yes: without asking)
          trash [--json]                      list the boards in the trash, with when each was
                                              deleted
          restore-board [NAME] [--deleted TIME]
                                              bring a board back from the trash (NAME: the
                                              board of the URL; --deleted: which one, as trash
                                              lists it; default: the one deleted last)
          import FILE [--format F] [--append] add the sections and tiles of FILE (F: trello, csv
                                              or json; default: from its content) to an empty
                                              board (--append: after the tiles of one that has some)
          export --format csv|json [--output FILE]
                                              write the board as CSV or JSON (default: to stdout)
          restore --to VERSION [--yes]        put the board back as it was at VERSION, after a
                                              question naming what changes (--yes: without asking;
                                              required when standard input is not a terminal)
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
        Exit status: 0 done, 2 bad usage (also a file that cannot be read or imported), 3 unknown
        item, section, board or version (one the server no longer holds; list, watch and history
        never create a board), 4 server unreachable or its certificate not trusted, 5 refused by
        the server, 6 not done on purpose (a delete or a restore answered no, an import into a
        board with tiles without --append, or past the board's limits), 7 a board of that name
        exists (restore-board), 1 anything else.
        """

    static let valueOptions: Set<String> = [
        "--user", "--token", "--ca", "--section", "--at", "--to", "--limit", "--deleted", "--format", "--output",
    ]
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
            if ["--json", "--insecure", "--no-animation", "--append", "--yes"].contains(argument) {
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
        guard let (_, boardName) = ServerEndpoints.parse(url) else { throw .badURL(url) }
        let user = values["--user"] ?? defaultUser
        if let problem = Validation.checkText(user, limit: Validation.userLimit) {
            throw .badText(what: "user name", problem: problem.words)
        }
        let token = values["--token"] ?? environmentToken.flatMap { $0.isEmpty ? nil : $0 }
        let trust = try certificateTrust(
            url: url, authorityFile: values["--ca"], insecure: flags.contains("--insecure"))
        let options = ConnectionOptions(url: url, boardName: boardName, user: user, token: token, trust: trust)
        let rest = Array(positional.dropFirst())
        guard let command = try scriptCommand(rest, values: values, flags: flags) else {
            for option in ["--section", "--at", "--to", "--limit", "--deleted", "--format", "--output"]
            where values[option] != nil {
                throw .unexpectedArgument(option)
            }
            for flag in ["--json", "--append", "--yes"] where flags.contains(flag) { throw .unexpectedArgument(flag) }
            let noMotion = environmentNoMotion.map { !$0.isEmpty && $0 != "0" } ?? false
            return .interactive(options, animates: !flags.contains("--no-animation") && !noMotion)
        }
        if flags.contains("--no-animation") { throw .unexpectedArgument("--no-animation") }
        if boardName == nil, !command.worksWithoutBoard { throw .needsBoard(rest[0]) }
        if case .restoreBoard(nil, let deleted) = command, let boardName {
            return .script(options, .restoreBoard(name: boardName, deleted: deleted))
        }
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
    public static func boardName(in url: String) -> BoardName? {
        ServerEndpoints.parse(url)?.board
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
                throw .badText(what: what, problem: problem.words)
            }
            return value
        }
        func number(_ option: String, minimum: Int) throws(UsageError) -> Int? {
            guard let text = values[option] else { return nil }
            guard let number = Int(text), number >= minimum else {
                throw .badNumber(option: option, value: text, allowed: "from \(minimum) up")
            }
            return number
        }
        func allow(_ options: Set<String>, json: Bool = false, flags allowed: Set<String> = []) throws(UsageError) {
            for option in values.keys where !connectionOptions.contains(option) && !options.contains(option) {
                throw .unexpectedArgument(option)
            }
            if !json && flags.contains("--json") { throw .unexpectedArgument("--json") }
            for flag in ["--append", "--yes"] where flags.contains(flag) && !allowed.contains(flag) {
                throw .unexpectedArgument(flag)
            }
        }
        func format(_ allowed: [TransferFormat]) throws(UsageError) -> TransferFormat? {
            guard let text = values["--format"] else { return nil }
            guard let format = TransferFormat(rawValue: text), allowed.contains(format) else {
                throw .badChoice(option: "--format", value: text, allowed: allowed.map(\.rawValue))
            }
            return format
        }
        switch name {
        case "boards":
            try expect(0, "")
            try allow([], json: true)
            return .boards(json: flags.contains("--json"))
        case "list":
            try expect(0, "")
            try allow(["--at"], json: true)
            if let version = try number("--at", minimum: 0) {
                return .listAt(version: version, json: flags.contains("--json"))
            }
            return .list(json: flags.contains("--json"))
        case "history":
            try expect(0, "")
            try allow(["--limit"], json: true)
            return .history(limit: try number("--limit", minimum: 1) ?? 50, json: flags.contains("--json"))
        case "add":
            try expect(1, "LABEL")
            try allow(["--section", "--at"])
            let at = try number("--at", minimum: 0)
            return .add(
                label: try text(arguments[0], "label"), section: values["--section"].map(SectionID.init), index: at)
        case "move":
            guard !arguments.isEmpty else { throw .missingArgument("ITEM") }
            try allow(["--to"])
            guard let target = values["--to"] else { throw .missingArgument("--to SECTION[:INDEX]") }
            guard let colon = target.lastIndex(of: ":") else {
                guard !target.isEmpty else { throw .badPosition(target) }
                return .move(items: arguments.map(ItemID.init), section: SectionID(target), index: nil)
            }
            guard let index = Int(target[target.index(after: colon)...]), index >= 0, colon != target.startIndex
            else { throw .badPosition(target) }
            return .move(
                items: arguments.map(ItemID.init), section: SectionID(String(target[..<colon])), index: index)
        case "rename":
            try expect(2, "ITEM LABEL")
            try allow([])
            return .rename(item: ItemID(arguments[0]), label: try text(arguments[1], "label"))
        case "delete":
            guard !arguments.isEmpty else { throw .missingArgument("ITEM") }
            try allow([])
            return .delete(items: arguments.map(ItemID.init))
        case "section":
            guard let verb = arguments.first else { throw .missingSectionCommand }
            return try sectionCommand(Array(arguments.dropFirst()), verb: verb, values: values, flags: flags)
        case "watch":
            try expect(0, "")
            try allow([])
            return .watch
        case "delete-board":
            try expect(0, "")
            try allow([], flags: ["--yes"])
            return .deleteBoard(confirmed: flags.contains("--yes"))
        case "trash":
            try expect(0, "")
            try allow([], json: true)
            return .trash(json: flags.contains("--json"))
        case "restore-board":
            if arguments.count > 1 { throw .unexpectedArgument(arguments[1]) }
            try allow(["--deleted"])
            var name: BoardName?
            if let text = arguments.first {
                guard let given = BoardName(text) else {
                    throw .badText(what: "board name", problem: BoardName.problem(text) ?? "")
                }
                name = given
            }
            var deleted: CommitTime?
            if let text = values["--deleted"] {
                guard let time = CommitTime(rfc3339: text) else { throw .badTime(option: "--deleted", value: text) }
                deleted = time
            }
            return .restoreBoard(name: name, deleted: deleted)
        case "import":
            try expect(1, "FILE")
            try allow(["--format"], flags: ["--append"])
            return .importFile(
                path: arguments[0], format: try format([.trello, .csv, .json]), append: flags.contains("--append"))
        case "export":
            try expect(0, "")
            try allow(["--format", "--output"])
            guard let format = try format([.csv, .json]) else { throw .missingArgument("--format csv|json") }
            return .export(format: format, output: values["--output"])
        case "restore":
            try expect(0, "")
            try allow(["--to"], flags: ["--yes"])
            guard values["--to"] != nil else { throw .missingArgument("--to VERSION") }
            return .restore(version: try number("--to", minimum: 0) ?? 0, confirmed: flags.contains("--yes"))
        default:
            throw .unknownCommand(name)
        }
    }

    /// `section add TITLE`, `section rename ID TITLE`, `section move ID --to INDEX`,
    /// `section delete ID`.
    private static func sectionCommand(
        _ arguments: [String], verb: String, values: [String: String], flags: Set<String>
    ) throws(UsageError) -> ScriptCommand {
        func expect(_ names: [String]) throws(UsageError) {
            if arguments.count < names.count {
                throw .missingArgument(names[arguments.count...].joined(separator: " "))
            }
            if arguments.count > names.count { throw .unexpectedArgument(arguments[names.count]) }
            let allowed: Set<String> = verb == "move" ? ["--to"] : []
            for option in values.keys where !connectionOptions.contains(option) && !allowed.contains(option) {
                throw .unexpectedArgument(option)
            }
            if flags.contains("--json") { throw .unexpectedArgument("--json") }
        }
        func title(_ value: String) throws(UsageError) -> String {
            if let problem = Validation.checkText(value, limit: Validation.defaultTextLimit) {
                throw .badText(what: "title", problem: problem.words)
            }
            return value
        }
        switch verb {
        case "add":
            try expect(["TITLE"])
            return .addSection(title: try title(arguments[0]))
        case "rename":
            try expect(["ID", "TITLE"])
            return .renameSection(id: SectionID(arguments[0]), title: try title(arguments[1]))
        case "move":
            try expect(["ID"])
            guard let target = values["--to"] else { throw .missingArgument("--to INDEX") }
            guard let index = Int(target), index >= 0 else {
                throw .badNumber(option: "--to", value: target, allowed: "from 0 up")
            }
            return .moveSection(id: SectionID(arguments[0]), to: index)
        case "delete":
            try expect(["ID"])
            return .deleteSection(id: SectionID(arguments[0]))
        default:
            throw .unknownCommand("section \(verb)")
        }
    }
}
