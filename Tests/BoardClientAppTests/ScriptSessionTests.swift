import BoardClientApp
import BoardSync
import Testing

/// The scripted operations against scripted server answers.
@Suite struct ScriptSessionTests {
    typealias F = ModelFixtures

    func session(_ command: ScriptCommand) -> ScriptSession {
        ScriptSession(command: command, clientID: F.me, user: "ann", boardName: "team", newID: "n1")
    }

    @Test func addWaitsForItsAck() {
        var script = session(.add(label: "Hi", section: nil, index: nil))
        #expect(script.start() == [.hello(.init(client: F.me, user: "ann"))])
        let op = Op.insert(item: Item(id: "n1", label: "Hi"), to: Position(section: "todo", index: 4))
        #expect(script.receive(F.welcome(F.sample)) == .send([.submit(.init(seq: 1, base: 1, op: op))]))
        #expect(script.receive(.ack(.init(seq: 1, version: 2, op: op))) == .finished(ScriptResult(.ok, "n1")))
    }

    @Test func unknownItemsAndSectionsExitWith3() {
        var move = session(.move(items: ["zz"], section: "todo", index: 0))
        _ = move.start()
        #expect(move.receive(F.welcome(F.sample)) == .finished(ScriptResult(.unknownElement, "unknown item zz")))
        var add = session(.add(label: "x", section: "nope", index: nil))
        _ = add.start()
        #expect(add.receive(F.welcome(F.sample)) == .finished(ScriptResult(.unknownElement, "unknown section nope")))
    }

    @Test func refusalCarriesTheServersCode() {
        var script = session(.rename(item: "todo0", label: "x"))
        _ = script.start()
        _ = script.receive(F.welcome(F.sample))
        #expect(
            script.receive(.error(.init(code: .limit, message: "too long", seq: 1)))
                == .finished(ScriptResult(.refused, "refused (limit): too long")))
    }

    @Test func listPrintsTheBoard() {
        var script = session(.list(json: false))
        _ = script.start()
        guard case .finished(let result) = script.receive(F.welcome(F.sample)) else {
            Issue.record("list did not finish")
            return
        }
        #expect(result.output.hasPrefix("team v1\nTo do [todo] (4)\n  todo0  Mail\n"))
    }

    @Test func sectionCommandsSubmitTheirOpsAndRefuseUnknownSections() {
        let cases: [(ScriptCommand, Op, String)] = [
            (
                .renameSection(id: "done", title: "Finished"), .renameSection(section: "done", title: "Finished"),
                "renamed section done"
            ),
            (
                .moveSection(id: "done", to: 0), .moveSection(section: "done", from: 1, index: 0),
                "moved section done to 0"
            ),
            (.deleteSection(id: "todo"), .deleteSection(section: "todo", from: 0), "deleted section todo"),
        ]
        for (command, op, confirmation) in cases {
            var script = session(command)
            _ = script.start()
            #expect(script.receive(F.welcome(F.sample)) == .send([.submit(.init(seq: 1, base: 1, op: op))]))
            #expect(
                script.receive(.ack(.init(seq: 1, version: 2, op: op))) == .finished(ScriptResult(.ok, confirmation)))
        }
        for command in [
            ScriptCommand.renameSection(id: "nope", title: "x"), .moveSection(id: "nope", to: 0),
            .deleteSection(id: "nope"),
        ] {
            var script = session(command)
            _ = script.start()
            #expect(
                script.receive(F.welcome(F.sample)) == .finished(ScriptResult(.unknownElement, "unknown section nope")))
        }
        var far = session(.moveSection(id: "done", to: 5))
        _ = far.start()
        guard case .finished(let result) = far.receive(F.welcome(F.sample)) else {
            Issue.record("a move out of range was sent")
            return
        }
        #expect(result == ScriptResult(.usage, "index 5 is past the last section (2 sections; the first is 0)"))
    }
}
