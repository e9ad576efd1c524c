import BoardClientApp
import BoardSync
import Testing

/// `boards`, `history` and `list --at` against scripted HTTP answers.
@Suite struct HTTPScriptTests {
    typealias F = ModelFixtures

    func ok(_ bytes: [UInt8]) -> FetchResult { .answered(status: 200, body: bytes) }

    func entry(_ version: Int, _ user: String = "bob", label: String? = nil) -> SequencedOp {
        SequencedOp(
            version: version, client: "c-\(user)", user: user, seq: 0,
            op: .update(item: "todo0", label: label ?? "v\(version)"),
            committedAt: CommitTime(milliseconds: 1_796_133_900_000 + Int64(version)))
    }

    @Test func boardsAsTextOrJSON() {
        let boards = [
            BoardSummary(id: "demo", version: 7, sections: 2, items: 12),
            BoardSummary(id: "a", version: 0, sections: 1, items: 1),
        ]
        var script = HTTPScript(command: .boards(json: false), board: nil)
        #expect(script.start() == .fetch(.boards))
        #expect(
            script.receive(ok(WireCodec.encodeBoardList(boards)), for: .boards)
                == .finished(
                    ScriptResult(
                        .ok,
                        "NAME  VERSION  SECTIONS  TILES\ndemo       v7         2     12\na          v0         1      1"
                    )))
        var json = HTTPScript(command: .boards(json: true), board: nil)
        _ = json.start()
        #expect(
            json.receive(ok(WireCodec.encodeBoardList(boards)), for: .boards)
                == .finished(ScriptResult(.ok, String(decoding: WireCodec.encodeBoardList(boards), as: UTF8.self))))
    }

    @Test func historyPagesBackThenNamesEachChangeOnTheBoardBeforeIt() {
        var script = HTTPScript(command: .history(limit: 1_200, json: false), board: "team")
        let first = AppFetch.history(board: "team", before: nil, limit: 1_000)
        #expect(script.start() == .fetch(first))
        let newest = (201...1_200).reversed().map { entry($0) }
        let second = AppFetch.history(board: "team", before: 201, limit: 200)
        #expect(
            script.receive(ok(WireCodec.encodeHistory(HistoryPage(board: "team", entries: newest))), for: first)
                == .fetch(second))
        let older = (101...200).reversed().map { entry($0) }
        let base = AppFetch.board("team", version: 100)
        #expect(
            script.receive(ok(WireCodec.encodeHistory(HistoryPage(board: "team", entries: older))), for: second)
                == .fetch(base))
        var board = F.sample
        board.version = 100
        board.sections[0].items[0].label = "v100"
        guard case .finished(let result) = script.receive(ok(WireCodec.encodeBoard(board)), for: base) else {
            Issue.record("history did not finish")
            return
        }
        let lines = result.output.split(separator: "\n")
        #expect(result.status == .ok && lines.count == 1_100)
        #expect(lines.first == "v1200  2026-12-01T14:05:01.200Z  bob renamed v1199 to v1200")
        #expect(lines.last == "v101  2026-12-01T14:05:00.101Z  bob renamed v100 to v101")
    }

    @Test func historyAsJSONLinesFallsBackToTheCurrentBoardForWords() throws {
        var script = HTTPScript(command: .history(limit: 5, json: true), board: "team")
        let first = AppFetch.history(board: "team", before: nil, limit: 5)
        _ = script.start()
        let page = [entry(9, label: "Post"), entry(8, "ann", label: "Mail")]
        #expect(
            script.receive(ok(WireCodec.encodeHistory(HistoryPage(board: "team", entries: page))), for: first)
                == .fetch(.board("team", version: 7)))
        let refusal = FetchResult.answered(status: 404, body: WireCodec.encodeRefusal(HTTPRefusal(.notRetained)))
        #expect(script.receive(refusal, for: .board("team", version: 7)) == .fetch(.board("team", version: nil)))
        guard
            case .finished(let result) = script.receive(
                ok(WireCodec.encodeBoard(F.sample)), for: .board("team", version: nil))
        else {
            Issue.record("history did not finish")
            return
        }
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == #"{"version":9,"client":"c-bob","user":"bob","at":"2026-12-01T14:05:00.009Z","op":{"kind":"update","item":"todo0","label":"Post"},"text":"bob renamed Mail to Post"}"#
        )
        #expect(try WireCodec.decodeHistory(Array(#"{"board":"team","ops":[\#(lines[1])]}"#.utf8)).entries == [page[1]])
    }

    @Test func aGroupIsOneEntryWithItsMembersUnderIt() {
        var script = HTTPScript(command: .history(limit: 50, json: false), board: "team")
        let first = AppFetch.history(board: "team", before: nil, limit: 50)
        _ = script.start()
        let group = GroupSpan(first: 2, count: 2, restores: 1)
        var members = [entry(3, "ann", label: "Post"), entry(2, "ann", label: "Mail")]
        for index in members.indices { members[index].group = group }
        let page = [entry(4, label: "Letters")] + members + [entry(1, label: "Inbox")]
        #expect(
            script.receive(ok(WireCodec.encodeHistory(HistoryPage(board: "team", entries: page))), for: first)
                == .fetch(.board("team", version: 0)))
        var board = F.sample
        board.version = 0
        guard
            case .finished(let result) = script.receive(
                ok(WireCodec.encodeBoard(board)), for: .board("team", version: 0))
        else {
            Issue.record("history did not finish")
            return
        }
        let original = board.sections[0].items[0].label
        #expect(
            result.output.split(separator: "\n") == [
                "v4  2026-12-01T14:05:00.004Z  bob renamed Post to Letters",
                "v2-3  2026-12-01T14:05:00.003Z  ann restored the board to version 1",
                "    v2  ann renamed Inbox to Mail",
                "    v3  ann renamed Mail to Post",
                "v1  2026-12-01T14:05:00.001Z  bob renamed \(original) to Inbox",
            ])
    }

    @Test func anEmptyHistoryPrintsNothing() {
        var script = HTTPScript(command: .history(limit: 50, json: false), board: "team")
        let first = AppFetch.history(board: "team", before: nil, limit: 50)
        _ = script.start()
        #expect(
            script.receive(ok(WireCodec.encodeHistory(HistoryPage(board: "team", entries: []))), for: first)
                == .finished(ScriptResult(.ok, "")))
    }

    @Test func listAtPrintsTheBoardAsItWas() {
        var script = HTTPScript(command: .listAt(version: 1, json: false), board: "team")
        #expect(script.start() == .fetch(.board("team", version: 1)))
        guard
            case .finished(let result) = script.receive(
                ok(WireCodec.encodeBoard(F.sample)), for: .board("team", version: 1))
        else {
            Issue.record("list --at did not finish")
            return
        }
        #expect(result.output.hasPrefix("team v1\nTo do [todo] (4)\n  todo0  Mail\n"))
    }

    @Test func refusalsUnknownBoardsAndUnreachableServersGetTheirExitStatus() {
        let notRetained = FetchResult.answered(status: 404, body: WireCodec.encodeRefusal(HTTPRefusal(.notRetained)))
        let cases: [(ScriptCommand, FetchResult, ScriptResult)] = [
            (
                .listAt(version: 3, json: false), notRetained,
                ScriptResult(.unknownElement, "version 3 of board team is not retained")
            ),
            (
                .listAt(version: 3, json: false), .answered(status: 404, body: Array("not found\n".utf8)),
                ScriptResult(.unknownElement, "unknown board team")
            ),
            (
                .history(limit: 5, json: false), .answered(status: 404, body: []),
                ScriptResult(.unknownElement, "unknown board team")
            ),
            (
                .history(limit: 5, json: false), .answered(status: 401, body: []),
                ScriptResult(.refused, "refused by the server: HTTP 401")
            ),
            (
                .boards(json: false), .answered(status: 403, body: []),
                ScriptResult(.refused, "refused by the server: HTTP 403")
            ),
            (
                .boards(json: false), .failed("cannot reach ws://h:1/boards: refused"),
                ScriptResult(.unreachable, "cannot reach ws://h:1/boards: refused")
            ),
            (
                .history(limit: 5, json: false),
                .answered(
                    status: 400, body: WireCodec.encodeRefusal(HTTPRefusal(.badParameter, message: "limit must be…"))),
                ScriptResult(.failure, "HTTP 400: limit must be…")
            ),
        ]
        for (command, answer, expected) in cases {
            var script = HTTPScript(command: command, board: "team")
            guard case .fetch(let fetch) = script.start() else { continue }
            #expect(script.receive(answer, for: fetch) == .finished(expected), "\(command)")
        }
    }
}
