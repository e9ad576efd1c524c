import BoardSync
import Testing

/// Hello, welcome and reconnecting: what the client sends and keeps across connections.
@Suite struct ClientConnectionTests {
    let renameA = Op.update(item: "a", label: "Mail2")
    let renameB = Op.update(item: "b", label: "Maps2")

    @Test func firstHelloHasNoSince() {
        var machine = ClientMachine(clientID: "A", user: "ann", boardID: "team")
        let output = machine.connectionOpened()
        #expect(output.send == [.hello(.init(client: "A", user: "ann", since: nil))])
        #expect(output.batch == nil)
        #expect(machine.phase == .awaitingWelcome)
    }

    @Test func helloAfterABoardIsHeldCarriesSince() {
        var machine = liveClient()
        _ = machine.connectionClosed()
        #expect(machine.phase == .offline)
        let output = machine.connectionOpened()
        #expect(output.send == [.hello(.init(client: "A", user: "ann", since: 5))])
    }

    @Test func welcomeSnapshotBuildsTheBoardAndInsertsEverything() {
        var machine = ClientMachine(clientID: "A", user: "ann", boardID: "team")
        _ = machine.connectionOpened()
        let output = machine.receive(clientWelcome())
        #expect(machine.phase == .live)
        #expect(machine.committed?.board == clientBoard)
        #expect(machine.optimistic?.board == clientBoard)
        #expect(machine.version == 5)
        #expect(machine.view == BoardView(board: clientBoard))
        #expect(machine.peers == ["B": "bob"])
        #expect(output.batch == UpdateBatch(sectionInserts: [0, 1]))
        #expect(output.send.isEmpty)
        #expect(output.notices.isEmpty)
    }

    @Test func pendingEditsSurviveADroppedConnection() {
        var machine = liveClient()
        _ = machine.perform(.rename(item: "a", label: "Mail2"))
        _ = machine.perform(.rename(item: "b", label: "Maps2"))
        let viewBefore = machine.view
        let output = machine.connectionClosed()
        #expect(output.send.isEmpty)
        #expect(output.batch == nil)
        #expect(machine.pendingCount == 2)
        #expect(machine.view == viewBefore)
        let offline = machine.perform(.delete(item: "c"))
        #expect(offline.send.isEmpty)
        #expect(machine.pendingCount == 3)
    }

    @Test func inFlightCoveredByLastSeqIsDroppedAndComesBackInOps() {
        var machine = liveClient()
        _ = machine.perform(.rename(item: "a", label: "Mail2"))
        _ = machine.perform(.rename(item: "b", label: "Maps2"))
        _ = machine.connectionClosed()
        _ = machine.connectionOpened()
        let output = machine.receive(clientCatchUp(since: 5, [("A", renameA)], lastSeq: 1))
        #expect(output.send == [submitMessage(2, base: 6, renameB)])
        #expect(machine.version == 6)
        #expect(machine.pendingCount == 1)
        #expect(machine.optimistic?.board.item("a")?.label == "Mail2")
        #expect(machine.optimistic?.board.item("b")?.label == "Maps2")
        #expect(!output.notices.contains { if case .remoteAction = $0 { true } else { false } })
    }

    @Test func inFlightCoveredByLastSeqIsDroppedAfterASnapshot() {
        var machine = liveClient()
        _ = machine.perform(.rename(item: "a", label: "Mail2"))
        _ = machine.perform(.rename(item: "b", label: "Maps2"))
        _ = machine.connectionClosed()
        _ = machine.connectionOpened()
        let output = machine.receive(clientWelcome(clientBoard(after: [renameA]), lastSeq: 1))
        #expect(output.send == [submitMessage(2, base: 6, renameB)])
        #expect(machine.pendingCount == 1)
    }

    @Test func inFlightAboveLastSeqIsResubmittedWithTheSameSeqAndRebased() {
        var machine = liveClient()
        _ = machine.perform(.insert(Item(id: "x", label: "X"), at: at("main", 1)))
        _ = machine.connectionClosed()
        _ = machine.connectionOpened()
        let bobsInsert = Op.insert(item: Item(id: "z", label: "Z"), to: at("main", 1))
        let output = machine.receive(clientCatchUp(since: 5, [("B", bobsInsert)], lastSeq: 0))
        #expect(output.send == [submitMessage(1, base: 6, .insert(item: Item(id: "x", label: "X"), to: at("main", 2)))])
        #expect(machine.optimistic?.board.sections[0].items.map(\.id) == ["a", "z", "x", "b", "c"])
    }

    @Test func staleErrorAsksToReconnect() {
        var machine = liveClient()
        _ = machine.perform(.rename(item: "a", label: "Mail2"))
        let output = machine.receive(errorMessage(.stale, "base 5 is older than the oldest kept version", seq: 1))
        #expect(output.reconnect)
        #expect(machine.pendingCount == 1)
    }

    /// `unavailable` leaves the seq unconsumed: the same submit goes again, same seq, once the
    /// client reconnected, so an op the server did keep comes back as a duplicate.
    @Test func unavailableReconnectsAndSubmitsTheSameSeqAgain() {
        var machine = liveClient()
        let first = machine.perform(.rename(item: "a", label: "Mail2"))
        guard case .submit(let sent)? = first.send.first else {
            Issue.record("no submit")
            return
        }
        let output = machine.receive(errorMessage(.unavailable, "the database cannot be reached", seq: sent.seq))
        #expect(output.reconnect)
        #expect(output.notices.isEmpty)
        #expect(machine.pendingCount == 1)
        _ = machine.connectionClosed()
        _ = machine.connectionOpened()
        let welcome = machine.receive(clientWelcome(clientBoard))
        #expect(welcome.send == [.submit(sent)])
    }

    @Test func gapInVersionsAsksToReconnect() {
        var machine = liveClient()
        let output = machine.receive(bobs(7, renameA))
        #expect(output.reconnect)
        #expect(machine.version == 5)
    }

    @Test func duplicateAckForAnOldSeqIsIgnored() {
        var machine = liveClient()
        _ = machine.perform(.rename(item: "a", label: "Mail2"))
        _ = machine.receive(ack(1, 6, renameA))
        _ = machine.perform(.rename(item: "b", label: "Maps2"))
        let before = machine
        let output = machine.receive(ack(1, 6, renameA, duplicate: true))
        #expect(output == ClientOutput())
        #expect(machine.version == 6)
        #expect(machine.pendingCount == 1)
        #expect(machine.view == before.view)
    }

    @Test func presenceUpdatesPeers() {
        var machine = liveClient()
        _ = machine.receive(.presence(.init(action: .join, client: "C", user: "cleo")))
        #expect(machine.peers == ["B": "bob", "C": "cleo"])
        _ = machine.receive(.presence(.init(action: .leave, client: "B", user: "bob")))
        #expect(machine.peers == ["C": "cleo"])
    }
}
