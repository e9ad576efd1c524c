import BoardClientApp
import BoardSync
import Testing

/// The server-only URL (the picker, `boards`), and the history and section commands.
@Suite struct ServerCommandArgumentsTests {
    let url = "ws://127.0.0.1:9000/boards/team"

    func parse(_ arguments: [String]) throws(UsageError) -> ClientInvocation {
        try ClientArguments.parse(arguments, defaultUser: "ann", environmentToken: nil)
    }

    @Test func aServerURLOpensThePickerAndListsBoards() throws {
        for server in ["ws://127.0.0.1:9000", "ws://127.0.0.1:9000/", "wss://boards.example.com?token=t"] {
            #expect(try parse([server]) == .interactive(ConnectionOptions(url: server, boardName: nil, user: "ann")))
            #expect(
                try parse([server, "boards", "--json"])
                    == .script(ConnectionOptions(url: server, boardName: nil, user: "ann"), .boards(json: true)))
        }
        let options = ConnectionOptions(url: url, boardName: "team", user: "ann")
        #expect(try parse([url, "boards"]) == .script(options, .boards(json: false)))
        #expect(throws: UsageError.needsBoard("history")) { try parse(["ws://h:1", "history"]) }
        #expect(throws: UsageError.needsBoard("list")) { try parse(["ws://h:1/", "list"]) }
        #expect(throws: UsageError.badURL("ws://h:1/boards")) { try parse(["ws://h:1/boards"]) }
        #expect(throws: UsageError.badURL("ws://h:1/other")) { try parse(["ws://h:1/other"]) }
    }

    @Test func historyListAtAndSectionCommands() throws {
        let options = ConnectionOptions(url: url, boardName: "team", user: "ann")
        #expect(try parse([url, "history"]) == .script(options, .history(limit: 50, json: false)))
        #expect(
            try parse([url, "history", "--limit", "5", "--json"]) == .script(options, .history(limit: 5, json: true)))
        #expect(try parse([url, "list", "--at", "0"]) == .script(options, .listAt(version: 0, json: false)))
        #expect(try parse([url, "list", "--at", "7", "--json"]) == .script(options, .listAt(version: 7, json: true)))
        #expect(
            try parse([url, "section", "rename", "s1", "Done"])
                == .script(options, .renameSection(id: "s1", title: "Done")))
        #expect(
            try parse([url, "section", "move", "s1", "--to", "0"]) == .script(options, .moveSection(id: "s1", to: 0)))
        #expect(try parse([url, "section", "delete", "s1"]) == .script(options, .deleteSection(id: "s1")))
    }

    @Test func badUsageOfTheNewCommands() {
        #expect(throws: UsageError.badNumber(option: "--limit", value: "0", allowed: "from 1 up")) {
            try parse([url, "history", "--limit", "0"])
        }
        #expect(throws: UsageError.badNumber(option: "--at", value: "x", allowed: "from 0 up")) {
            try parse([url, "list", "--at", "x"])
        }
        #expect(throws: UsageError.unexpectedArgument("--limit")) { try parse([url, "list", "--limit", "3"]) }
        #expect(throws: UsageError.unexpectedArgument("--at")) { try parse([url, "history", "--at", "3"]) }
        #expect(throws: UsageError.missingArgument("TITLE")) { try parse([url, "section", "rename", "s1"]) }
        #expect(throws: UsageError.missingArgument("ID TITLE")) { try parse([url, "section", "rename"]) }
        #expect(throws: UsageError.missingArgument("--to INDEX")) { try parse([url, "section", "move", "s1"]) }
        #expect(throws: UsageError.badNumber(option: "--to", value: "-1", allowed: "from 0 up")) {
            try parse([url, "section", "move", "s1", "--to", "-1"])
        }
        #expect(throws: UsageError.unexpectedArgument("--to")) {
            try parse([url, "section", "delete", "s1", "--to", "1"])
        }
        #expect(throws: UsageError.unexpectedArgument("extra")) {
            try parse([url, "section", "delete", "s1", "extra"])
        }
        #expect(throws: UsageError.badText(what: "title", problem: "cannot be empty or only spaces")) {
            try parse([url, "section", "rename", "s1", ""])
        }
        #expect(throws: UsageError.unknownCommand("section fly")) { try parse([url, "section", "fly"]) }
        #expect(throws: UsageError.unexpectedArgument("--limit")) { try parse([url, "--limit", "3"]) }
        #expect(throws: UsageError.unexpectedArgument("--json")) {
            try parse([url, "section", "delete", "s1", "--json"])
        }
    }

    @Test func endpointsOfTheURL() throws {
        let (endpoints, board) = try #require(ServerEndpoints.parse("wss://h.example:8443/boards/team?token=a%20b"))
        #expect(board == "team")
        #expect(endpoints.displayName == "h.example:8443")
        #expect(endpoints.boardURL("other") == "wss://h.example:8443/boards/other?token=a%20b")
        #expect(endpoints.url(of: .boards) == "wss://h.example:8443/boards?token=a%20b")
        #expect(
            endpoints.url(of: .history(board: "team", before: 9, limit: 50))
                == "wss://h.example:8443/boards/team/history?before=9&limit=50&token=a%20b")
        let plain = try #require(ServerEndpoints.parse("ws://127.0.0.1:8080"))
        #expect(plain.board == nil)
        #expect(plain.endpoints.url(of: .board("x", version: 3)) == "ws://127.0.0.1:8080/boards/x?version=3")
        #expect(plain.endpoints.url(of: .board("x", version: nil)) == "ws://127.0.0.1:8080/boards/x")
        #expect(ServerEndpoints.parse("ws:///boards/x") == nil)
        #expect(ServerEndpoints.parse("http://h/boards/x") == nil)
    }
}
