import BoardSync
import BoardSyncBrowser
import Testing

/// A session opened with `views: "changes"` answers a batch with what changed in the view
/// instead of the whole of it; applied to the previous view, the changes give exactly the view a
/// session answering whole views shows, for every step of every scenario.
@Suite struct ViewChangesTests {
    private static func section(_ id: SectionID, _ title: String, _ cells: [ItemID]) -> ViewSection {
        ViewSection(id: id, title: title, cells: cells.map { ViewCell(id: $0, label: "L-\($0.rawValue)") })
    }

    private let old = BoardView(sections: [
        section("todo", "To do", ["a", "b", "c"]),
        section("doing", "Doing", ["d"]),
        section("done", "Done", []),
    ])

    @Test func onlyTheSectionsThatDifferAreCarried() {
        var new = old
        new.sections[0].cells.remove(at: 0)
        new.sections[2].cells.append(ViewCell(id: "a", label: "L-a"))
        let changes = ViewChanges(from: old, to: new)
        #expect(changes.order == ["todo", "doing", "done"])
        #expect(changes.sections.map(\.id) == ["todo", "done"])
        #expect(changes.applied(to: old) == new)
    }

    @Test func aRetitledSectionIsCarriedAndAMovedOneIsOnlyReordered() {
        var new = old
        new.sections[1].title = "In progress"
        new.sections.swapAt(0, 2)
        let changes = ViewChanges(from: old, to: new)
        #expect(changes.order == ["done", "doing", "todo"])
        #expect(changes.sections.map(\.id) == ["doing"])
        #expect(changes.applied(to: old) == new)
    }

    @Test func newSectionsAreCarriedAndDeletedOnesLeaveTheOrder() {
        var new = old
        new.sections.remove(at: 1)
        new.sections.insert(Self.section("later", "Later", ["x"]), at: 0)
        let changes = ViewChanges(from: old, to: new)
        #expect(changes.order == ["later", "todo", "done"])
        #expect(
            changes.sections == [
                CellSplice(id: "later", title: "Later", at: 0, removing: 0, cells: new.sections[0].cells)
            ])
        #expect(changes.applied(to: old) == new)
    }

    @Test func aChangedSectionCarriesOnlyTheCellsBetweenWhatItKeepsAtBothEnds() throws {
        let long = BoardView(sections: [
            Self.section("todo", "To do", (0..<100).map { ItemID("t\($0)") }),
            Self.section("done", "Done", (0..<100).map { ItemID("d\($0)") }),
        ])
        var new = long
        let moved = new.sections[0].cells.remove(at: 0)
        new.sections[1].cells.append(moved)
        new.sections[1].cells.swapAt(40, 41)
        let changes = ViewChanges(from: long, to: new)
        #expect(
            changes.sections == [
                CellSplice(id: "todo", title: "To do", at: 0, removing: 1, cells: []),
                CellSplice(id: "done", title: "Done", at: 40, removing: 60, cells: Array(new.sections[1].cells[40...])),
            ])
        #expect(changes.applied(to: long) == new)
        var retitled = long
        retitled.sections[1].title = "Finished"
        #expect(
            ViewChanges(from: long, to: retitled).sections == [
                CellSplice(id: "done", title: "Finished", at: 100, removing: 0, cells: [])
            ])
    }

    @Test func aSectionOverTheVeryCellsItShowedIsUnchangedWithoutComparingThem() {
        let shown = old.sections[0]
        #expect(shown.isUnchanged(from: shown))
        var retitled = shown
        retitled.title = "Later"
        #expect(!retitled.isUnchanged(from: shown))
        let copied = ViewSection(id: shown.id, title: shown.title, cells: shown.cells.map { $0 })
        #expect(copied == shown && !copied.isUnchanged(from: shown))
        let emptied = ViewSection(id: "done", title: "Done", cells: [])
        #expect(emptied.isUnchanged(from: old.sections[2]))
    }

    @Test func aPlaceholderChangeIsAChange() {
        var new = old
        new.sections[1].cells[0].holder = DragHolder(client: "B", user: "bob", isLocal: false)
        #expect(ViewChanges(from: old, to: new).sections.map(\.id) == ["doing"])
    }

    @Test func anUnknownFormOfViewsIsRefused() {
        let answer = String(
            decoding: BrowserSessions().openCopy(#"{"board":"b","user":"u","seed":1,"views":"some"}"#), as: UTF8.self)
        #expect(answer.contains(#""error""#) && answer.contains("views"))
    }

    @Test(arguments: ScenarioFile.names)
    func changesGiveTheWholeViewInEveryScenario(_ name: String) throws {
        var whole = ScenarioRunner()
        var changed = ScenarioRunner(views: "changes")
        var views: [String: BoardView] = [:]
        var batches = 0
        for (index, step) in try ScenarioFile(named: name).steps.enumerated() {
            let label = "\(name) step \(index + 1)"
            let session = try whole.sessionName(step, label)
            guard case .object(let wholeAnswer) = try whole.answer(to: step, label: label),
                case .object(let changedAnswer) = try changed.answer(to: step, label: label)
            else { throw ScenarioError("\(label): an answer is not an object") }
            #expect(
                Self.withoutViews(wholeAnswer) == Self.withoutViews(changedAnswer),
                "\(label): the answers differ beyond the view")
            if let view = changedAnswer["view"] {
                views[session] = try ViewJSON.view(view)
            } else if let changes = changedAnswer["changes"] {
                batches += 1
                let patched = try ViewJSON.changes(changes).applied(to: views[session] ?? BoardView())
                views[session] = patched
                let expected = try ViewJSON.view(try #require(wholeAnswer["view"], "\(label): no whole view"))
                #expect(patched == expected, "\(label): the changes do not give the whole view")
            }
            #expect((changedAnswer["batch"] ?? .null) == .null || changedAnswer["changes"] != nil, "\(label)")
        }
        #expect(batches > 0, "\(name) has no batch")
    }

    private static func withoutViews(_ object: JSONObject) -> JSONObject {
        JSONObject(object.members.filter { $0.key != "view" && $0.key != "changes" })
    }
}

extension BrowserSessions {
    /// Opens a session on a copy, for a test that only reads the answer.
    fileprivate func openCopy(_ parameters: String) -> [UInt8] {
        var copy = self
        return copy.open(Array(parameters.utf8))
    }
}
