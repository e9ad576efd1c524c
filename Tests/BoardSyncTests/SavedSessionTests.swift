import Foundation
import Testing

@testable import BoardSync

/// Keeping a session across a reload: the saved form and its JSON, when a session asks to be
/// kept, and sessions made again from what was kept, against the real sequencer: nothing typed
/// is lost and nothing is committed twice, whenever the reload comes.
@Suite struct SavedSessionTests {
    private let moveMail = Op.move(item: "a", from: at("main", 0), to: at("done", 0))

    @Test func theJSONFormGivesBackWhatWasSaved() throws {
        let saved = SavedSession(
            board: "team", user: "ann", client: "web-1f", committed: clientBoard, lastSeq: 3, nextSeq: 5,
            pending: [
                SavedSession.Pending(seq: 4, ops: [moveMail]),
                SavedSession.Pending(seq: nil, ops: [.update(item: "b", label: "Maps ✓ \u{1F5FA}")]),
                SavedSession.Pending(seq: nil, ops: [.insert(item: Item(id: "n", label: "New"), to: at("done", 1))]),
            ])
        let text = String(decoding: saved.json, as: UTF8.self)
        #expect(text.hasPrefix(#"{"format":1,"board":"team","user":"ann","client":"web-1f","lastSeq":3,"nextSeq":5,"#))
        #expect(text.contains(#""pending":[{"seq":4,"ops":[{"kind":"move","item":"a""#))
        #expect(try SavedSession(json: saved.json) == saved)
        let void = SavedSession(
            board: "team", user: "ann", client: "A", committed: clientBoard, lastSeq: 0, nextSeq: 2,
            pending: [SavedSession.Pending(seq: 1, ops: [])])
        #expect(try SavedSession(json: void.json) == void)
    }

    @Test func aFormThisBuildCannotHoldIsRefusedWithItsReason() {
        let good = SavedSession(
            board: "team", user: "ann", client: "A", committed: clientBoard, lastSeq: 0, nextSeq: 1, pending: [])
        let text = String(decoding: good.json, as: UTF8.self)
        func refusal(_ changed: String) -> String? {
            do {
                _ = try SavedSession(json: Array(changed.utf8))
                return nil
            } catch {
                return error.message
            }
        }
        #expect(
            refusal(text.replacingOccurrences(of: #""format":1"#, with: #""format":2"#))
                == #"unknown value "2" for field "format""#)
        #expect(
            refusal(text.replacingOccurrences(of: #""client":"A""#, with: #""client":"a b""#))
                == #"field "client" is not a valid id"#)
        let twoInFlight = text.replacingOccurrences(
            of: #""pending":[]"#, with: #""pending":[{"seq":1,"ops":[]},{"seq":2,"ops":[]}]"#)
        #expect(refusal(twoInFlight)?.contains("only the first pending entry has a seq") == true)
        #expect(refusal("[]") != nil)
        #expect(refusal(String(text.dropLast())) != nil)
    }

    @Test func editsAskToBeKeptBeforeTheyAreSentAndOtherPeoplesChangesLater() {
        var session = ClientSession(board: "team", user: "ann", client: "A", seed: 3)
        _ = session.handle(.start, now: 0)
        _ = session.handle(.opened, now: 0)
        let welcome = session.handle(.received(clientWelcome()), now: 0)
        #expect(welcome.saveAfter == SavedSession.boardChangeDelay, "a first board is kept, without hurry")
        let edit = session.handle(.intent(.move("a", to: at("done", 0))), now: 1)
        #expect(edit.saveAfter == 0)
        #expect(edit.send.count == 1, "the submit goes out only after the seq it carries is kept")
        #expect(session.saved?.pending == [SavedSession.Pending(seq: 1, ops: [moveMail])])
        let queued = session.handle(.intent(.rename("b", label: "Maps 2")), now: 2)
        #expect(queued.saveAfter == 0 && queued.send.isEmpty, "a queued edit is kept although nothing is sent")
        _ = session.handle(.intent(.pickUp("c")), now: 3)
        let drag = session.handle(.intent(.moveHeld(.step(.down))), now: 4)
        #expect(drag.saveAfter == nil, "a drag step changes nothing that is kept")
        _ = session.handle(.intent(.cancel), now: 5)
        let acked = session.handle(.received(.ack(.init(seq: 1, version: 6, op: moveMail))), now: 6)
        #expect(acked.saveAfter == 0, "an acknowledged edit leaves what is kept, and the next one gets its seq")
        #expect(session.saved?.pending.map(\.seq) == [2])
        _ = session.handle(.received(.ack(.init(seq: 2, version: 7, op: .update(item: "b", label: "Maps 2")))), now: 7)
        let remote = session.handle(
            .received(bobs(8, .move(item: "c", from: at("main", 1), to: at("main", 0)))), now: 8)
        #expect(remote.saveAfter == SavedSession.boardChangeDelay)
        #expect(session.saved?.committed.version == 8)
    }

    @Test func aRestoredSessionShowsTheBoardWithItsEditsAndSaysHelloUnderTheSameClient() throws {
        var session = liveSession()
        _ = session.handle(.closed(code: nil), now: 1)
        _ = session.handle(.intent(.move("a", to: at("done", 0))), now: 2)
        _ = session.handle(.intent(.rename("b", label: "Maps, renamed offline")), now: 3)
        let kept = try #require(session.saved)
        let text = kept.json
        var restored = ClientSession(restoring: try SavedSession(json: text), seed: 99)
        #expect(restored.view == session.view)
        #expect(restored.machine.pendingCount == 2)
        #expect(restored.machine.phase == .offline)
        _ = restored.handle(.start, now: 0)
        let hello = restored.handle(.opened, now: 0)
        #expect(hello.send == [.hello(.init(client: "A", user: "ann", since: 5))])
        let welcomed = restored.handle(.received(clientCatchUp(since: 5, [], lastSeq: 0)), now: 1)
        #expect(welcomed.send == [.submit(.init(seq: 1, base: 5, op: moveMail))])
    }

    /// Several tiles moved offline are one group: kept as one, sent again after a reload as one
    /// group under the seq it was given, never as separate ops.
    @Test func aGroupMadeOfflineIsKeptAndSentAgainAsOneGroup() throws {
        var session = liveSession()
        _ = session.handle(.closed(code: nil), now: 1)
        _ = session.handle(.intent(.moveItems(["a", "c"], to: at("done", 0))), now: 2)
        let kept = try #require(session.saved)
        #expect(kept.pending.map(\.group) == [true])
        #expect(kept.pending.first?.ops.count == 2)
        let read = try SavedSession(json: kept.json)
        #expect(read == kept)
        var restored = ClientSession(restoring: read, seed: 99)
        #expect(restored.view == session.view)
        _ = restored.handle(.start, now: 0)
        _ = restored.handle(.opened, now: 0)
        let welcomed = restored.handle(.received(clientCatchUp(since: 5, [], lastSeq: 0)), now: 1)
        let ops = try #require(kept.pending.first?.ops)
        #expect(welcomed.send == [.submit(.init(seq: 1, base: 5, ops: ops))])
    }

    @Test func aRestoreMadeOfflineIsSentAgainAsARestore() throws {
        var session = liveSession()
        _ = session.handle(.closed(code: nil), now: 1)
        var earlier = clientBoard
        earlier.sections[0].items.removeFirst()
        _ = session.handle(.intent(.restore(earlier, version: 2)), now: 2)
        let kept = try #require(session.saved)
        #expect(kept.pending.map(\.restores) == [2])
        let read = try SavedSession(json: kept.json)
        #expect(read == kept)
        var restored = ClientSession(restoring: read, seed: 99)
        _ = restored.handle(.start, now: 0)
        _ = restored.handle(.opened, now: 0)
        let welcomed = restored.handle(.received(clientCatchUp(since: 5, [], lastSeq: 0)), now: 1)
        let ops = try #require(kept.pending.first?.ops)
        #expect(welcomed.send == [.submit(.init(seq: 1, base: 5, ops: ops, restores: 2))])
    }

    @Test func aKeptEntryOfSeveralOpsThatIsNotAGroupIsRefused() throws {
        var session = liveSession()
        _ = session.handle(.closed(code: nil), now: 1)
        _ = session.handle(.intent(.moveItems(["a", "c"], to: at("done", 0))), now: 2)
        var kept = try #require(session.saved)
        kept.pending[0].group = false
        #expect(throws: WireError.self) { try SavedSession(json: kept.json) }
    }

    /// The edit was committed, but its ack was lost with the connection and the page was loaded
    /// again: the restored session says hello under the same client and learns that its seq was
    /// committed, so the edit is not sent again.
    @Test func anEditWhoseAckWasLostIsCommittedOnceAfterAReload() throws {
        var harness = Harness(board: ConvergenceTests.startBoard, clientCount: 2)
        harness.connect(0)
        harness.connect(1)
        let settled = harness.settle()
        #expect(settled)
        let move = LocalEdit.move(item: "a", to: Position(section: "done", index: 0))
        _ = harness.run(0, "move") { $0.perform(move) }
        let kept = try #require(harness.clients[0].machine.saved)
        #expect(kept.pending.first?.seq != nil)
        harness.deliverToServer(0)
        harness.commitServer()
        harness.disconnect(0)
        harness.clients[0].machine = ClientMachine(restoring: kept)
        harness.clients[0].shownView = harness.clients[0].machine.view
        let settledAgain = harness.settle()
        #expect(settledAgain)
        #expect(harness.failures == [])
        #expect(harness.quietDifferences() == [])
        #expect(harness.committedLog.filter { $0.client == "c0" }.count == 1)
    }

    /// Random people and a random network, and now and then a page loaded again from the last
    /// thing it kept (written when the session asked: before every send that carried a new seq,
    /// and never for a change of the committed board alone, the worst case of waiting).
    @Test func reloadsAtAnyMomentLoseNothingAndCommitNothingTwice() {
        var totals = 0
        for run in 0..<ConvergenceTests.runCount / 3 {
            let seed = UInt64(70_000 + run)
            var reloading = ReloadingRun(seed: seed, clients: 3)
            for _ in 0..<(80 + run % 40) { reloading.step() }
            let problems = reloading.finish()
            guard problems.isEmpty else {
                Issue.record("seed \(seed): \(problems.prefix(8).joined(separator: "\n"))")
                return
            }
            totals += reloading.reloads
        }
        #expect(totals > ConvergenceTests.runCount / 3, "reloads happened")
    }
}

/// The harness with pages that keep their sessions and are loaded again at random moments.
struct ReloadingRun {
    var driver: HarnessDriver
    /// What each client last wrote to its storage.
    var written: [SavedSession?]
    /// What each client's shell was last asked to keep.
    var marks: [SavedMark?]
    var reloads = 0
    var problems: [String] = []

    init(seed: UInt64, clients: Int) {
        driver = HarnessDriver(harness: Harness(board: ConvergenceTests.startBoard, clientCount: clients), seed: seed)
        written = Array(repeating: nil, count: clients)
        marks = Array(repeating: nil, count: clients)
        for index in 0..<clients { driver.harness.connect(index) }
        keep()
    }

    mutating func step() {
        if Int.random(in: 0..<100, using: &driver.random) < 4 {
            reload(Int.random(in: driver.harness.clients.indices, using: &driver.random))
        } else {
            driver.step()
        }
        keep()
    }

    /// Writes what each session asks to keep at once (its pending edits or seqs changed; a
    /// first board with nothing pending waits, and here never comes), then checks that every
    /// submit waiting to go out carries a seq that was written.
    private mutating func keep() {
        for index in driver.harness.clients.indices {
            let machine = driver.harness.clients[index].machine
            if let mark = SavedMark(machine), mark.saveAfter(since: marks[index]) == 0 {
                written[index] = machine.saved
            }
            marks[index] = SavedMark(machine)
            for case .submit(let submit) in driver.harness.clients[index].toServer {
                let kept = written[index]
                if kept?.pending.contains(where: { $0.seq == submit.seq }) != true, (kept?.lastSeq ?? 0) < submit.seq {
                    problems.append("c\(index) sends seq \(submit.seq) that it never kept")
                }
            }
        }
    }

    /// The page of client `index` is loaded again: its connection and everything in flight on
    /// it are gone, and a session is made from what it kept (or a new one when it kept nothing).
    private mutating func reload(_ index: Int) {
        reloads += 1
        driver.harness.disconnect(index)
        let client = driver.harness.clients[index].machine
        driver.harness.clients[index].machine =
            written[index].map { ClientMachine(restoring: $0) }
            ?? ClientMachine(clientID: client.clientID, user: client.user, boardID: client.boardID)
        driver.harness.clients[index].shownView = driver.harness.clients[index].machine.view
        if Bool.random(using: &driver.random) { driver.harness.connect(index) }
    }

    /// Settles and answers every problem: the harness's own, differences from the server, the
    /// ledger of items, and any new tile made twice (refused for its id by the server, or by the
    /// client itself when its own earlier copy came back committed: each new tile has an id of
    /// its own, so nothing else is refused that way).
    mutating func finish() -> [String] {
        var found = problems
        if !driver.harness.settle() { found.append("did not settle") }
        found += driver.harness.failures + driver.harness.quietDifferences()
        found += ConvergenceTests.ledgerProblems(driver.harness)
        for (index, client) in driver.harness.clients.enumerated() {
            for notice in client.notices where notice.refusesAReusedID {
                found.append("c\(index) made a new tile twice: \(notice)")
            }
        }
        return found
    }
}

extension ClientNotice {
    /// Whether the server or the client itself refused an edit for an id that was used already.
    fileprivate var refusesAReusedID: Bool {
        switch self {
        case .refused(_, let message): message.contains("already used")
        case .invalidEdit(.reusedID): true
        default: false
        }
    }
}
