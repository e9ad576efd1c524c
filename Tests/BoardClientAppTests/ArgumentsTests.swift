import BoardClientApp
import BoardSync
import TerminalUI
import Testing

@Suite struct ArgumentsTests {
    let url = "ws://127.0.0.1:9000/boards/team"

    func parse(_ arguments: [String], token: String? = nil) throws(UsageError) -> ClientInvocation {
        try ClientArguments.parse(arguments, defaultUser: "ann", environmentToken: token)
    }

    @Test func interactiveWithDefaults() throws {
        #expect(try parse([url]) == .interactive(ConnectionOptions(url: url, boardName: "team", user: "ann")))
        #expect(
            try parse([url, "--user", "bob", "--token", "t1"], token: "env")
                == .interactive(ConnectionOptions(url: url, boardName: "team", user: "bob", token: "t1")))
        #expect(
            try parse([url], token: "env")
                == .interactive(ConnectionOptions(url: url, boardName: "team", user: "ann", token: "env")))
        #expect(try parse(["--help"]) == .help)
    }

    @Test func noAnimationComesFromTheFlagOrNoMotion() throws {
        let options = ConnectionOptions(url: url, boardName: "team", user: "ann")
        #expect(try parse([url]) == .interactive(options, animates: true))
        #expect(try parse([url, "--no-animation"]) == .interactive(options, animates: false))
        for value in ["1", "yes"] {
            #expect(
                try ClientArguments.parse([url], defaultUser: "ann", environmentToken: nil, environmentNoMotion: value)
                    == .interactive(options, animates: false))
        }
        for value in ["", "0"] {
            #expect(
                try ClientArguments.parse([url], defaultUser: "ann", environmentToken: nil, environmentNoMotion: value)
                    == .interactive(options, animates: true))
        }
        #expect(throws: UsageError.unexpectedArgument("--no-animation")) { try parse([url, "list", "--no-animation"]) }
        #expect(ClientArguments.usage.contains("--no-animation"))
        #expect(ClientArguments.usage.contains("NO_MOTION=1"))
    }

    @Test func scriptCommands() throws {
        let options = ConnectionOptions(url: url, boardName: "team", user: "ann")
        #expect(try parse([url, "list"]) == .script(options, .list(json: false)))
        #expect(try parse([url, "list", "--json"]) == .script(options, .list(json: true)))
        #expect(
            try parse([url, "add", "Mail", "--section", "s1", "--at", "2"])
                == .script(options, .add(label: "Mail", section: "s1", index: 2)))
        #expect(
            try parse([url, "move", "a1", "--to", "done:3"])
                == .script(options, .move(items: ["a1"], section: "done", index: 3)))
        #expect(try parse([url, "rename", "a1", "New"]) == .script(options, .rename(item: "a1", label: "New")))
        #expect(try parse([url, "delete", "a1"]) == .script(options, .delete(items: ["a1"])))
        #expect(
            try parse([url, "move", "a1", "b2", "c3", "--to", "done"])
                == .script(options, .move(items: ["a1", "b2", "c3"], section: "done", index: nil)))
        #expect(try parse([url, "delete", "a1", "b2"]) == .script(options, .delete(items: ["a1", "b2"])))
        #expect(throws: UsageError.missingArgument("ITEM")) { try parse([url, "move", "--to", "done"]) }
        #expect(throws: UsageError.badPosition("done:x")) { try parse([url, "move", "a1", "--to", "done:x"]) }
        #expect(try parse([url, "section", "add", "Later"]) == .script(options, .addSection(title: "Later")))
        #expect(try parse([url, "watch"]) == .script(options, .watch))
    }

    @Test func badUsage() {
        #expect(throws: UsageError.missingURL) { try parse([]) }
        #expect(throws: UsageError.badURL("http://x/boards/a")) { try parse(["http://x/boards/a"]) }
        #expect(throws: UsageError.badURL("ws://x/other/a")) { try parse(["ws://x/other/a"]) }
        #expect(throws: UsageError.unknownOption("--frobnicate")) { try parse([url, "--frobnicate"]) }
        #expect(throws: UsageError.missingValue(option: "--user")) { try parse([url, "--user"]) }
        #expect(throws: UsageError.unknownCommand("fly")) { try parse([url, "fly"]) }
        #expect(throws: UsageError.missingArgument("--to SECTION[:INDEX]")) { try parse([url, "move", "a1"]) }
        #expect(throws: UsageError.badPosition(":3")) { try parse([url, "move", "a1", "--to", ":3"]) }
        #expect(throws: UsageError.badNumber(option: "--at", value: "-1", allowed: "from 0 up")) {
            try parse([url, "add", "x", "--at", "-1"])
        }
        #expect(throws: UsageError.badText(what: "label", problem: "cannot be empty or only spaces")) {
            try parse([url, "add", ""])
        }
        #expect(throws: UsageError.badText(what: "label", problem: "no control characters or direction overrides")) {
            try parse([url, "add", "a\u{7}"])
        }
        #expect(throws: UsageError.unexpectedArgument("--json")) { try parse([url, "delete", "a1", "--json"]) }
        #expect(throws: UsageError.missingArgument("ITEM")) { try parse([url, "delete"]) }
        #expect(!UsageError.missingURL.description.contains("\n"))
    }

    @Test func boardNameFromURL() {
        #expect(ClientArguments.boardName(in: "ws://h:1/boards/a.b-c?token=x") == "a.b-c")
        #expect(ClientArguments.boardName(in: "wss://h/boards/x") == "x")
        #expect(ClientArguments.boardName(in: "ws://h:1/boards/") == nil)
        #expect(ClientArguments.boardName(in: "ws://h:1/boards/a/b") == nil)
    }

    @Test func labelEditorKeepsControlCharactersOutAndTakesNoMoreThanTheLimit() {
        var editor = LabelEditor(purpose: .addSection)
        editor.insert("a\u{1B}b\u{9F}\u{202E}c")
        #expect(editor.text == "abc")
        #expect(editor.problem == nil)
        editor.insert(String(repeating: "x", count: 98))
        #expect(editor.validated() == .success("abc" + String(repeating: "x", count: 97)))
        #expect(editor.problem == "At most 100 characters: the rest of what was typed was not added.")
        editor.handle(KeyEvent(.character("y")))
        #expect(editor.text.unicodeScalars.count == 100)
        editor.handle(KeyEvent(.backspace))
        #expect(editor.problem == nil)
        editor.handle(KeyEvent(.character("y")))
        #expect(editor.validated() == .success("abc" + String(repeating: "x", count: 96) + "y"))
        #expect(LabelEditor(purpose: .addSection, text: "   ").validated() == .failure(.empty))
    }

    @Test func idsAreSixteenHexCharacters() {
        var generator = IDGenerator(seed: 1)
        let ids = (0..<100).map { _ in generator.makeID() }
        #expect(Set(ids).count == 100)
        #expect(ids.allSatisfy { $0.count == 16 && $0.allSatisfy(\.isHexDigit) })
    }
}
