import BoardClientApp
import BoardSync
import TerminalUI
import Testing

/// A viewer can look around but nothing that would change the board starts.
@Suite struct AccessViewerUpdateTests {
    typealias F = ModelFixtures
    static let viewOnlyNotice = "view only: this board cannot be changed from here"

    func expectRefused(_ model: AppModel, _ commands: [AppCommand], _ what: String) {
        #expect(model.mode == .browsing, "\(what)")
        #expect(model.machine.localDrag == nil, "\(what)")
        #expect(F.sent(commands).isEmpty, "\(what)")
        #expect(model.notices.last?.text == Self.viewOnlyNotice, "\(what)")
    }

    @Test func spaceAndEnterOnATileDoNotStartADrag() {
        for key in [F.char(" "), F.key(.enter)] {
            var model = F.model(role: .viewer)
            #expect(model.cursor == .tile("todo0"))
            let commands = model.update(key, now: 1)
            expectRefused(model, commands, "\(key)")
            #expect(model.machine.view.sections[0].cells.map(\.id) == ["todo0", "todo1", "todo2", "todo3"])
        }
    }

    @Test func mousePressOnATileMovesTheCursorButDoesNotStartADrag() {
        var model = F.model(role: .viewer)
        let commands = model.update(.input(.mouse(MouseEvent(.press(.left), x: 20, y: 3))), now: 1)
        #expect(model.cursor == .tile("todo1"))
        expectRefused(model, commands, "mouse press")
        let release = model.update(.input(.mouse(MouseEvent(.release(.left), x: 40, y: 3))), now: 1)
        #expect(F.sent(release).isEmpty)
    }

    @Test func editingKeysAreRefusedWithANotice() {
        for key in ["a", "e", "d", "S", "u"] {
            var model = F.model(role: .viewer)
            let commands = model.update(F.char(Character(key)), now: 1)
            expectRefused(model, commands, key)
            #expect(model.notices.count == 1, "\(key)")
        }
    }

    @Test func anEditorStillPicksUpAndEdits() {
        var model = F.model(role: .editor)
        #expect(F.sent(model.update(F.char(" "), now: 1)) == [.drag(.begin(item: "todo0"))])
        #expect(model.notices.isEmpty)
        var adding = F.model(role: .editor)
        _ = adding.update(F.char("a"), now: 1)
        #expect(adding.notices.isEmpty)
        guard case .editing = adding.mode else {
            Issue.record("a did not open the editor: \(adding.mode)")
            return
        }
    }
}
