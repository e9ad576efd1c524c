import BoardClientApp
import BoardSync
import TerminalUI
import Testing

/// The board picker: the server's boards with versions and sizes, typing to find or create one,
/// Enter to open it, and `b` inside a board to come back.
@Suite struct PickerTests {
    typealias F = ModelFixtures

    static let boards = [
        BoardSummary(id: "demo", version: 7, sections: 2, items: 12),
        BoardSummary(id: "team", version: 120, sections: 3, items: 40),
        BoardSummary(id: "team-x", version: 0, sections: 1, items: 0),
    ]

    /// A picker at 64×12 with `boards` listed.
    static func picker(_ boards: [BoardSummary] = boards) -> AppModel {
        var model = AppModel(
            clientID: F.me, user: "ann", boardName: nil, size: TerminalSize(width: 64, height: 12), seed: 7)
        model.serverName = "127.0.0.1:8080"
        #expect(model.start(now: 0) == [.fetch(.boards), .requestFrame])
        _ = model.update(.fetched(.boards, .answered(status: 200, body: WireCodec.encodeBoardList(boards))), now: 0)
        return model
    }

    func type(_ text: String, into model: inout AppModel) {
        for character in text { _ = model.update(F.char(character), now: 1) }
    }

    @Test func listsTheBoardsWithVersionsAndSizes() {
        #expect(
            F.picture(Self.picker()) == [
                " boards on 127.0.0.1:8080 · 3 boards",
                "  NAME          VERSION  SECTIONS  TILES",
                "▸ demo               v7         2     12",
                "  team             v120         3     40",
                "  team-x             v0         1      0",
                "",
                "",
                "",
                "",
                "",
                "Open or create: ▏",
                "Enter open · Del delete · Tab trash · ctrl-r reload · q quit",
            ])
    }

    @Test func typingFindsBoardsAndOffersToCreateOne() {
        var model = Self.picker()
        type("team", into: &model)
        #expect(
            Array(F.picture(model)[1...4]) == [
                "  NAME          VERSION  SECTIONS  TILES",
                "▸ team             v120         3     40",
                "  team-x             v0         1      0",
                "",
            ])
        type("s", into: &model)
        #expect(Array(F.picture(model)[2...3]) == ["▸ + new board “teams”", ""])
        #expect(F.picture(model)[10] == "Open or create: teams▏")
        _ = model.update(F.key(.backspace), now: 1)
        _ = model.update(F.key(.down), now: 1)
        #expect(F.picture(model)[3] == "▸ team-x             v0         1      0")
        _ = model.update(F.key(.escape), now: 1)
        #expect(F.picture(model)[2] == "▸ demo               v7         2     12")
    }

    @Test func enterOpensTheChosenBoardOrCreatesTheTypedOne() {
        var model = Self.picker()
        _ = model.update(F.key(.down), now: 1)
        let commands = model.update(F.key(.enter), now: 1)
        #expect(commands.contains(.openBoard("team")))
        #expect(model.picker == nil && model.boardName == "team" && model.machine.boardID == "team")
        #expect(F.picture(model, time: 1)[0] == " team v0 · connecting… ann")
        _ = model.update(.connectionOpened, now: 1)
        _ = model.update(.server(F.welcome(F.sample)), now: 1)
        #expect(F.picture(model)[1] == " To do (4)")

        var creating = Self.picker()
        type("new.board_1", into: &creating)
        #expect(creating.update(F.key(.enter), now: 1).contains(.openBoard("new.board_1")))
    }

    @Test func ctrlUAndCtrlWClearTheTypedNameAsInAShell() {
        var model = Self.picker()
        for clearing in ["u", "w"] as [Character] {
            type("badname", into: &model)
            _ = model.update(F.key(.character(clearing), [.control]), now: 1)
            #expect(model.picker?.typed == "")
            #expect(F.picture(model)[10] == "Open or create: ▏")
            type("team", into: &model)
            #expect(model.picker?.typed == "team")
            #expect(model.update(F.key(.enter), now: 1).contains(.openBoard("team")))
            model = Self.picker()
        }
    }

    @Test func qQuitsOnlyWhileNothingIsTypedAndOtherCharactersAreRefused() {
        var model = Self.picker()
        type("aq", into: &model)
        #expect(model.picker?.typed == "aq")
        _ = model.update(F.char("/"), now: 1)
        #expect(model.picker?.typed == "aq")
        #expect(F.picture(model, time: 1)[11] == "board names are letters, digits, “.”, “_” and “-”")
        _ = model.update(F.key(.escape), now: 1)
        #expect(model.update(F.char("q"), now: 1).contains(.quit))
        #expect(model.update(F.key(.character("r"), [.control]), now: 1).contains(.fetch(.boards)))
    }

    @Test func emptyListsRefusalsAndUnreachableServersSaySo() {
        let empty = Self.picker([])
        #expect(F.picture(empty)[2] == "  no boards yet: type a name to create one")
        var refused = AppModel(
            clientID: F.me, user: "ann", boardName: nil, size: TerminalSize(width: 80, height: 12), seed: 7)
        _ = refused.update(.fetched(.boards, .answered(status: 401, body: [])), now: 0)
        #expect(F.picture(refused)[2] == "  the server refused the list of boards (HTTP 401); check --token")
        var away = AppModel(
            clientID: F.me, user: "ann", boardName: nil, size: TerminalSize(width: 60, height: 12), seed: 7)
        #expect(F.picture(away, time: 0)[2] == "  loading the list of boards…")
        _ = away.update(.fetched(.boards, .failed("cannot reach 127.0.0.1:1: connection refused")), now: 0)
        #expect(F.picture(away)[2] == "  cannot reach 127.0.0.1:1: connection refused")
        #expect(F.picture(away)[0] == " boards on", "no count of a list it could not read")
    }

    @Test func bGoesBackToThePickerWithTheBoardChosen() {
        var model = F.model()
        let commands = model.update(F.char("b"), now: 1)
        #expect(commands.contains(.leaveBoard) && commands.contains(.fetch(.boards)))
        #expect(model.picker != nil)
        _ = model.update(
            .server(.op(.init(version: 2, client: "x", user: "x", seq: 0, op: .update(item: "todo0", label: "z")))),
            now: 1)
        let closed = model.update(.connectionClosed(code: nil, reason: ""), now: 1)
        #expect(!closed.contains { if case .connect = $0 { true } else { false } }, "it reconnected to the board left")
        #expect(model.machine.version == 1)
        _ = model.update(
            .fetched(
                .boards,
                .answered(
                    status: 200,
                    body: WireCodec.encodeBoardList(
                        Self.boards + [BoardSummary(id: "zeta", version: 1, sections: 1, items: 4)]))), now: 1)
        #expect(model.picker?.selectedRow?.name == "team")
        #expect(F.picture(model, time: 1)[3] == "▸ team             v120         3     40")
    }

    @Test func bWaitsForEditsThatAreNotSavedYet() {
        var model = F.model()
        _ = model.update(F.char("d"), now: 1)
        _ = model.update(F.char("y"), now: 1)
        let commands = model.update(F.char("b"), now: 1)
        #expect(!commands.contains(.leaveBoard))
        #expect(model.picker == nil)
        #expect(F.picture(model, time: 1)[15] == "1 edit is not saved yet; wait a moment")
    }
}
