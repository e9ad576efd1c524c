import BoardClientApp
import BoardSync
import TerminalUI
import Testing

@Suite struct UpdateTests {
    typealias F = ModelFixtures
    static let bob = ServerMessage.Peer(client: "bob0000000000001", user: "bob")

    func pos(_ section: SectionID, _ index: Int) -> Position { Position(section: section, index: index) }

    func order(_ model: AppModel, _ section: Int = 0) -> [ItemID] {
        model.machine.view.sections[section].cells.map(\.id)
    }

    @Test func cursorMovesAcrossTheGridAndSections() {
        var model = F.model()
        #expect(model.cursor == .tile("todo0"))
        _ = model.update(F.key(.right), now: 1)
        #expect(model.cursor == .tile("todo1"))
        _ = model.update(F.char("l"), now: 1)
        _ = model.update(F.char("l"), now: 1)
        #expect(model.cursor == .tile("todo3"))
        _ = model.update(F.key(.left), now: 1)
        #expect(model.cursor == .tile("todo2"))
        _ = model.update(F.char("j"), now: 1)
        #expect(model.cursor == .tile("todo3"))
        _ = model.update(F.key(.down), now: 1)
        #expect(model.cursor == .tile("done0"))
        _ = model.update(F.char("k"), now: 1)
        #expect(model.cursor == .tile("todo3"))
        _ = model.update(F.key(.up), now: 1)
        #expect(model.cursor == .tile("todo0"))
    }

    @Test func pickUpMoveAndDropSendsBeginOverAndMove() {
        var model = F.model()
        let begin = F.sent(model.update(F.key(.enter), now: 1))
        #expect(begin == [.drag(.begin(item: "todo0"))])
        #expect(model.mode == .holdingWithKeys(item: "todo0"))
        let over = F.sent(model.update(F.key(.right), now: 1))
        #expect(over == [.drag(.over(item: "todo0", base: 1, from: pos("todo", 0), to: pos("todo", 1)))])
        #expect(order(model) == ["todo1", "todo0", "todo2", "todo3"])
        let drop = F.sent(model.update(F.char(" "), now: 1.1))
        #expect(
            drop == [
                .submit(.init(seq: 1, base: 1, op: .move(item: "todo0", from: pos("todo", 0), to: pos("todo", 1))))
            ])
        #expect(model.mode == .browsing)
        #expect(model.cursor == .tile("todo0"))
    }

    @Test func dragOverIsRateLimitedAndTheTickSendsTheLatest() {
        var model = F.model()
        _ = model.update(F.char(" "), now: 1)
        _ = model.update(F.key(.right), now: 1)
        let held = model.update(F.key(.right), now: 1.01)
        #expect(F.sent(held).isEmpty)
        #expect(held.contains(.scheduleTick(at: 1.01 + ClientMachine.dragSendInterval)))
        let tick = F.sent(model.update(.tick, now: 1.05))
        #expect(tick == [.drag(.over(item: "todo0", base: 1, from: pos("todo", 0), to: pos("todo", 2)))])
    }

    @Test func holdingMovesAcrossSectionsAndDownTheGrid() {
        var model = F.model()
        _ = model.update(F.char(" "), now: 1)
        _ = model.update(F.key(.down), now: 1)
        #expect(order(model) == ["todo1", "todo2", "todo3", "todo0"])
        _ = model.update(F.key(.right), now: 1)
        #expect(order(model, 1) == ["todo0", "done0"])
        _ = model.update(F.key(.right), now: 1)
        #expect(order(model, 1) == ["done0", "todo0"])
        _ = model.update(F.key(.left), now: 1)
        _ = model.update(F.key(.left), now: 1)
        #expect(order(model) == ["todo1", "todo2", "todo3", "todo0"])
    }

    @Test func escapeCancelsAndTheTileGoesBack() {
        var model = F.model()
        _ = model.update(F.char(" "), now: 1)
        _ = model.update(F.key(.right), now: 1)
        let cancel = F.sent(model.update(F.key(.escape), now: 2))
        #expect(cancel == [.drag(.cancel(item: "todo0"))])
        #expect(order(model) == ["todo0", "todo1", "todo2", "todo3"])
        #expect(model.mode == .browsing)
        #expect(model.animator.isAnimating(at: 2.1))
    }

    @Test func remoteDragShowsPlaceholderAndLocksTheTile() {
        var model = F.model(peers: [Self.bob])
        _ = model.update(
            .server(.drag(.init(action: .begin, client: Self.bob.client, user: "bob", item: "todo0", version: 1))),
            now: 1)
        _ = model.update(
            .server(
                .drag(
                    .init(
                        action: .over, client: Self.bob.client, user: "bob", item: "todo0", from: pos("todo", 0),
                        to: pos("todo", 2), version: 1))), now: 1)
        #expect(order(model) == ["todo1", "todo2", "todo0", "todo3"])
        #expect(model.machine.view.sections[0].cells[2].holder?.user == "bob")
        #expect(model.cursor == .tile("todo0"))
        let refused = model.update(F.char(" "), now: 1)
        #expect(F.sent(refused).isEmpty)
        #expect(model.mode == .browsing)
        #expect(model.notices.last?.text == "locked: held by bob")
    }

    @Test func remoteActionIsDescribedAndDropOverrideNoticed() {
        var model = F.model(peers: [Self.bob])
        _ = model.update(F.char(" "), now: 1)
        _ = model.update(F.key(.right), now: 1)
        _ = model.update(F.char(" "), now: 1)
        let moved = Op.move(item: "todo0", from: pos("todo", 0), to: pos("todo", 1))
        _ = model.update(.server(.ack(.init(seq: 1, version: 2, op: moved))), now: 1.2)
        let override = Op.move(item: "todo0", from: pos("todo", 1), to: pos("done", 0))
        _ = model.update(
            .server(.op(.init(version: 3, client: Self.bob.client, user: "bob", seq: 0, op: override))), now: 1.3)
        #expect(model.session.lastRemoteAction == "bob moved Mail to Done")
        #expect(model.notices.last?.text == "bob moved Mail right after your drop")
        #expect(order(model, 1) == ["todo0", "done0"])
    }

    @Test func undoSubmitsTheInverse() {
        var model = F.model()
        _ = model.update(F.char(" "), now: 1)
        _ = model.update(F.key(.right), now: 1)
        _ = model.update(F.char(" "), now: 1)
        let moved = Op.move(item: "todo0", from: pos("todo", 0), to: pos("todo", 1))
        _ = model.update(.server(.ack(.init(seq: 1, version: 2, op: moved))), now: 1.2)
        let undo = F.sent(model.update(F.char("u"), now: 2))
        #expect(
            undo == [
                .submit(.init(seq: 2, base: 2, op: .move(item: "todo0", from: pos("todo", 1), to: pos("todo", 0))))
            ])
        #expect(order(model) == ["todo0", "todo1", "todo2", "todo3"])
    }

    @Test func addTypesALabelAndInsertsAfterTheCursor() throws {
        var model = F.model()
        _ = model.update(F.char("a"), now: 1)
        guard case .editing(let editor) = model.mode else { Issue.record("not editing"); return }
        #expect(editor.purpose == .addItem(at: .after("todo0")))
        _ = model.update(.input(.key(.enter)), now: 1)
        guard case .editing(let refused) = model.mode else { Issue.record("empty label accepted"); return }
        #expect(refused.problem == "cannot be empty or only spaces")
        for character in "Hix" { _ = model.update(F.char(character), now: 1) }
        _ = model.update(F.key(.backspace), now: 1)
        #expect(F.picture(model).last == "New tile: Hi")
        #expect(F.attributes(model, time: 10, rows: 15...15) == [String(repeating: ".", count: 12) + "R"])
        let sent = F.sent(model.update(F.key(.enter), now: 1))
        guard case .submit(let submit) = try #require(sent.first), case .insert(let item, let to) = submit.op else {
            Issue.record("no insert sent: \(sent)")
            return
        }
        #expect(item.label == "Hi")
        #expect(to == pos("todo", 1))
        #expect(item.id.rawValue.count == 16 && item.id.rawValue.allSatisfy(\.isHexDigit))
        #expect(model.cursor == .tile(item.id))
        #expect(model.mode == .browsing)
    }

    @Test func escapeAbortsTheEditor() {
        var model = F.model()
        _ = model.update(F.char("a"), now: 1)
        _ = model.update(F.char("X"), now: 1)
        let commands = model.update(F.key(.escape), now: 1)
        #expect(F.sent(commands).isEmpty)
        #expect(model.mode == .browsing)
        #expect(model.machine.pendingCount == 0)
    }

    @Test func renameStartsFromTheCurrentLabel() {
        var model = F.model()
        _ = model.update(F.char("e"), now: 1)
        for _ in 0..<4 { _ = model.update(F.key(.backspace), now: 1) }
        for character in "Post" { _ = model.update(F.char(character), now: 1) }
        let sent = F.sent(model.update(F.key(.enter), now: 1))
        #expect(sent == [.submit(.init(seq: 1, base: 1, op: .update(item: "todo0", label: "Post")))])
        #expect(model.machine.view.sections[0].cells[0].label == "Post")
    }

    @Test func deleteAsksFirst() {
        var model = F.model()
        _ = model.update(F.char("d"), now: 1)
        #expect(F.picture(model).last == "Delete “Mail”? y/n")
        #expect(F.sent(model.update(F.char("n"), now: 1)).isEmpty)
        #expect(model.mode == .browsing)
        _ = model.update(F.char("d"), now: 1)
        let sent = F.sent(model.update(F.char("y"), now: 1))
        #expect(sent == [.submit(.init(seq: 1, base: 1, op: .delete(item: "todo0", from: pos("todo", 0))))])
        #expect(model.cursor == .tile("todo1"))
    }

    @Test func sectionEditorAddsASectionAtTheEnd() throws {
        var model = F.model()
        _ = model.update(F.char("S"), now: 1)
        for character in "Later" { _ = model.update(F.char(character), now: 1) }
        let sent = F.sent(model.update(F.key(.enter), now: 1))
        guard case .submit(let submit) = try #require(sent.first),
            case .insertSection(let header, let index) = submit.op
        else {
            Issue.record("no section insert: \(sent)")
            return
        }
        #expect(header.title == "Later" && index == 2)
        #expect(model.layout.sections.map(\.title) == ["To do", "Done", "Later"])
    }

    @Test func quitKeys() {
        var model = F.model()
        #expect(model.update(F.char("q"), now: 1).contains(.quit))
        #expect(model.update(F.char("c", ), now: 1) == [.requestFrame])
        #expect(model.update(F.key(.character("c"), .control), now: 1).contains(.quit))
        _ = model.update(F.char("a"), now: 1)
        #expect(model.update(F.key(.character("c"), .control), now: 1).contains(.quit))
    }

    @Test func offlineEditsWaitAndAreSubmittedAfterReconnecting() {
        var model = F.model()
        let closed = model.update(.connectionClosed(code: nil, reason: ""), now: 5)
        let delay = closed.compactMap { if case .connect(let after) = $0 { after } else { nil } }.first
        #expect(delay.map { $0 >= 0.125 && $0 <= 0.25 } == true)
        #expect(F.sent(model.update(F.char("d"), now: 5)).isEmpty)
        #expect(F.sent(model.update(F.char("y"), now: 5)).isEmpty)
        #expect(model.machine.pendingCount == 1)
        let failed = model.update(.connectionFailed(.unreachable("refused")), now: 6)
        let second = failed.compactMap { if case .connect(let after) = $0 { after } else { nil } }.first
        #expect(second.map { $0 >= 0.25 && $0 <= 0.5 } == true)
        #expect(F.sent(model.update(.connectionOpened, now: 7)) == [.hello(.init(client: F.me, user: "ann", since: 1))])
        let welcome = ServerMessage.welcome(
            .init(
                state: .ops([]), you: .init(client: F.me, user: "ann", role: .editor), peers: [], drags: [], lastSeq: 0)
        )
        let resent = F.sent(model.update(.server(welcome), now: 7))
        #expect(resent == [.submit(.init(seq: 1, base: 1, op: .delete(item: "todo0", from: pos("todo", 0))))])
        #expect(model.session.connection == .live)
        #expect(model.session.reconnectAttempts == 0)
    }

    @Test func backoffDoublesToTenSeconds() {
        #expect(Backoff.delay(attempt: 1, jitter: 1) == 0.25)
        #expect(Backoff.delay(attempt: 2, jitter: 1) == 0.5)
        #expect(Backoff.delay(attempt: 3, jitter: 0) == 0.5)
        #expect(Backoff.delay(attempt: 30, jitter: 1) == 10)
    }

    @Test func viewersAreToldTheyCannotEdit() {
        var model = F.model(role: .viewer)
        #expect(F.sent(model.update(F.char(" "), now: 1)).isEmpty)
        #expect(model.notices.last?.text.hasPrefix("view only") == true)
        _ = model.update(F.char("a"), now: 1)
        #expect(model.mode == .browsing)
    }

    @Test func refusedSubmitIsShown() {
        var model = F.model()
        _ = model.update(F.char("d"), now: 1)
        _ = model.update(F.char("y"), now: 1)
        _ = model.update(.server(.error(.init(code: .limit, message: "slow down", seq: 1))), now: 1)
        #expect(model.notices.last?.text == "refused (limit): slow down")
        #expect(model.machine.view.sections[0].cells.count == 4)
    }
}
