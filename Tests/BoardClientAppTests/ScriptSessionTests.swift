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
        var move = session(.move(item: "zz", to: Position(section: "todo", index: 0)))
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
}
