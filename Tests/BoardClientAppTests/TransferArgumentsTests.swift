import BoardClientApp
import BoardSync
import Testing

/// The command lines of `import`, `export` and `restore`.
@Suite struct TransferArgumentsTests {
    let url = "ws://127.0.0.1:9000/boards/team"
    var options: ConnectionOptions { ConnectionOptions(url: url, boardName: "team", user: "ann") }

    func parse(_ arguments: [String]) throws(UsageError) -> ClientInvocation {
        try ClientArguments.parse([url] + arguments, defaultUser: "ann", environmentToken: nil)
    }

    @Test func importTakesAFileAFormatAndAppend() throws {
        #expect(
            try parse(["import", "a.csv"]) == .script(options, .importFile(path: "a.csv", format: nil, append: false)))
        #expect(
            try parse(["import", "t.json", "--format", "trello", "--append"])
                == .script(options, .importFile(path: "t.json", format: .trello, append: true)))
        #expect(throws: UsageError.missingArgument("FILE")) { try parse(["import"]) }
        #expect(throws: UsageError.badChoice(option: "--format", value: "xls", allowed: ["trello", "csv", "json"])) {
            try parse(["import", "a", "--format", "xls"])
        }
        #expect(throws: UsageError.unexpectedArgument("--yes")) { try parse(["import", "a", "--yes"]) }
    }

    @Test func exportNeedsAFormatOfItsOwn() throws {
        #expect(try parse(["export", "--format", "csv"]) == .script(options, .export(format: .csv, output: nil)))
        #expect(
            try parse(["export", "--format", "json", "--output", "b.json"])
                == .script(options, .export(format: .json, output: "b.json")))
        #expect(throws: UsageError.missingArgument("--format csv|json")) { try parse(["export"]) }
        #expect(throws: UsageError.badChoice(option: "--format", value: "trello", allowed: ["csv", "json"])) {
            try parse(["export", "--format", "trello"])
        }
        #expect(
            UsageError.badChoice(option: "--format", value: "trello", allowed: ["csv", "json"]).description
                == "--format takes csv or json, not trello")
    }

    @Test func restoreNeedsAVersion() throws {
        #expect(try parse(["restore", "--to", "42"]) == .script(options, .restore(version: 42, confirmed: false)))
        #expect(
            try parse(["restore", "--to", "0", "--yes"]) == .script(options, .restore(version: 0, confirmed: true)))
        #expect(throws: UsageError.missingArgument("--to VERSION")) { try parse(["restore"]) }
        #expect(throws: UsageError.badNumber(option: "--to", value: "x", allowed: "from 0 up")) {
            try parse(["restore", "--to", "x"])
        }
        #expect(throws: UsageError.unexpectedArgument("--append")) { try parse(["restore", "--to", "1", "--append"]) }
        #expect(throws: UsageError.unexpectedArgument("--yes")) { try parse(["--yes"]) }
    }
}
