import BoardSync
import BoardSyncBrowser
import TestSupport
import Testing

/// Every answer with a batch carries the core's animation plan of that batch, the one the
/// terminal client plays, so the page never works out itself what moved.
@Suite struct AnimationPlanStepTests {
    private static let board = Board(
        id: "team", version: 5,
        sections: [
            Section(id: "main", title: "Main", items: [Item(id: "a", label: "Mail"), Item(id: "b", label: "Maps")]),
            Section(id: "done", title: "Done"),
        ])

    private func liveSession() -> BrowserSession {
        var session = BrowserSession(SessionParameters(client: "A", user: "ann", board: "team", seed: 1))
        _ = session.perform(.connected)
        _ = session.receive(
            .welcome(
                .init(
                    state: .board(Self.board), you: .init(client: "A", user: "ann", role: .editor),
                    peers: [.init(client: "B", user: "bob")], lastSeq: 0)))
        return session
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func aRemoteMoveCarriesThePlanOfItsBatchMarkedForTheMover() throws {
        var session = liveSession()
        let before = session.machine.view
        let move = Op.move(
            item: "a", from: Position(section: "main", index: 0), to: Position(section: "done", index: 0))
        let step = session.receive(.op(.init(version: 6, client: "B", user: "bob", seq: 0, op: move)))
        let batch = try #require(step.batch)
        let expected = try AnimationPlan(
            old: before, batch: batch, new: session.machine.view,
            cause: ChangeCause(editing: [move], by: .remote(client: "B", user: "bob")))
        #expect(step.plan == expected)
        let moved = try #require(step.plan?.movedCells.first)
        #expect(moved.id == "a")
        #expect(moved.marked)
        let json = text(step.json)
        #expect(json.contains(#""plan":{"durationMs":200,"markMs":1500,"sections":[],"cells":["#))
        #expect(
            json.contains(
                #"{"id":"a","motion":"moved","mover":{"local":false,"client":"B","user":"bob","color":"cyan"},"marked":true}"#
            ))
        #expect(
            json.contains(#"{"id":"b","motion":"shifted"}"#),
            "a shifted cell says nothing but its motion: the batch and the view say where it was and is")
    }

    @Test func aLocalPickUpOpensThePlaceholderAndNoBatchMeansNoPlan() throws {
        var session = liveSession()
        let step = session.perform(.pickUp(item: "b"))
        let cell = try #require(step.plan?.cells.first { $0.id == "b" })
        #expect(cell.placeholder == .opened)
        #expect(cell.mover == .local)
        #expect(text(step.json).contains(#""reloaded":true,"placeholder":"opened","mover":{"local":true}}"#))
        let nothing = session.perform(.state)
        #expect(nothing.batch == nil)
        #expect(nothing.plan == nil)
        #expect(text(nothing.json).contains(#""batch":null,"plan":null"#))
    }

    @Test func stillEntriesAreLeftOutOfTheJSON() {
        var session = liveSession()
        let step = session.receive(
            .op(.init(version: 6, client: "B", user: "bob", seq: 0, op: .update(item: "b", label: "Atlas"))))
        let json = text(step.json)
        #expect(
            json.contains(
                #""cells":[{"id":"b","motion":"still","reloaded":true}"#
            ))
        #expect(!json.contains(#"{"id":"a","motion""#))
    }

    @Test func peersAndHoldersCarryTheirColours() {
        var session = liveSession()
        let step = session.receive(
            .drag(
                .init(
                    action: .begin, client: "B", user: "bob", item: "a", from: Position(section: "main", index: 0),
                    to: nil, version: 5)))
        let json = text(step.json)
        #expect(json.contains(#""peers":[{"client":"B","user":"bob","color":"cyan"}]"#))
        #expect(
            json.contains(
                #""people":[{"user":"ann","color":"cyan","connections":1,"you":true},"#
                    + #"{"user":"bob","color":"cyan","connections":1,"you":false}]"#))
        #expect(json.contains(#""holder":{"client":"B","user":"bob","local":false,"color":"cyan"}"#))
        #expect(json.contains(#""status":{"client":"A","user":"ann","color":"cyan","#))
    }
}
