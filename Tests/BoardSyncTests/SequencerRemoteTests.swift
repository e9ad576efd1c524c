import BoardSync
import Testing

/// Presence and drags of clients connected through other servers, as a server learns them.
@Suite struct SequencerRemoteTests {
    func twoEditors() -> SequencerHarness {
        var harness = SequencerHarness()
        harness.join(c1, client: "A", user: "alice")
        harness.join(c2, client: "B", user: "bob")
        return harness
    }

    func welcome(of output: SequencerOutput) -> ServerMessage.Welcome? {
        for outgoing in output.messages {
            if case .welcome(let welcome) = outgoing.message { return welcome }
        }
        return nil
    }

    func remoteDrag(
        _ action: DragAction, _ item: ItemID, client: ClientID = "Z", from: Position? = nil, to: Position? = nil,
        version: Int = 0, reason: DragEndReason? = nil
    ) -> RemoteActivity {
        .drag(
            .init(
                action: action, client: client, user: "zoe", item: item, from: from, to: to, version: version,
                reason: reason), node: "n2")
    }

    @Test func aClientJoiningAndLeavingElsewhereIsPresenceHereAndInWelcomes() {
        var harness = twoEditors()
        let join = harness.handle(.remote(.joined(client: "Z", user: "zoe", node: "n2")))
        #expect(join.messages == [everyone(.presence(.init(action: .join, client: "Z", user: "zoe")), [c1, c2])])
        #expect(
            welcome(of: harness.join(c3, client: "C", user: "carol"))?.peers == [
                .init(client: "A", user: "alice"), .init(client: "B", user: "bob"), .init(client: "Z", user: "zoe"),
            ])
        #expect(harness.handle(.remote(.left(client: "Z", node: "n3"))).messages.isEmpty, "not where Z is")
        let leave = harness.handle(.remote(.left(client: "Z", node: "n2")))
        #expect(leave.messages == [everyone(.presence(.init(action: .leave, client: "Z", user: "zoe")), [c1, c2, c3])])
    }

    @Test func aHelloElsewhereReplacesTheConnectionHereWithoutPresence() {
        var harness = twoEditors()
        harness.drag(c1, .begin(item: "a"))
        let output = harness.handle(.remote(.joined(client: "A", user: "alice", node: "n2")))
        #expect(
            output.messages == [
                everyone(dragMessage(.cancel, "A", "alice", "a", from: at("main", 0), version: 0, reason: .left), [c2])
            ])
        #expect(output.closes == [ConnectionClose(connection: c1, reason: .replaced)])
        #expect(harness.sequencer.joinedConnectionCount == 1)
        #expect(harness.sequencer.locallyHeldItems.isEmpty)
    }

    @Test func aHelloHereReplacesAClientElsewhereWithoutPresenceAndEndsItsDragFirst() {
        var harness = twoEditors()
        harness.handle(.remote(.joined(client: "Z", user: "zoe", node: "n2")))
        harness.handle(.remote(remoteDrag(.begin, "c")))
        let output = harness.join(c3, client: "Z", user: "zoe")
        #expect(output.messages.count == 2)
        #expect(
            output.messages.first
                == everyone(
                    dragMessage(.cancel, "Z", "zoe", "c", from: at("main", 2), version: 0, reason: .left), [c1, c2]))
        #expect(welcome(of: output)?.drags == [])
        #expect(welcome(of: output)?.peers == [.init(client: "A", user: "alice"), .init(client: "B", user: "bob")])
    }

    @Test func aDragElsewhereIsToldHereLocksTheItemAndIsListedInWelcomes() {
        var harness = twoEditors()
        harness.handle(.remote(.joined(client: "Z", user: "zoe", node: "n2")))
        let begin = harness.handle(.remote(remoteDrag(.begin, "b", from: at("main", 1))))
        #expect(
            begin.messages == [
                everyone(dragMessage(.begin, "Z", "zoe", "b", from: at("main", 1), version: 0), [c1, c2])
            ])
        #expect(!harness.sequencer.beginStartsDrag(of: "b", from: c1))
        #expect(harness.sequencer.beginStartsDrag(of: "a", from: c1))
        #expect(
            harness.drag(c1, .begin(item: "b")).messages == [
                one(c1, errorMessage(.locked, "b is being dragged by zoe (Z)", item: "b"))
            ])
        let over = harness.handle(.remote(remoteDrag(.over, "b", from: at("main", 1), to: at("done", 0))))
        let placed = dragMessage(.over, "Z", "zoe", "b", from: at("main", 1), to: at("done", 0), version: 0)
        #expect(over.messages == [everyone(placed, [c1, c2])])
        guard case .drag(let listed) = placed else { return }
        #expect(welcome(of: harness.join(c3, client: "C", user: "carol"))?.drags == [listed])
        #expect(harness.sequencer.locallyHeldItems.isEmpty)
        let cancel = harness.handle(.remote(remoteDrag(.cancel, "b")))
        #expect(
            cancel.messages == [
                everyone(dragMessage(.cancel, "Z", "zoe", "b", from: at("main", 1), version: 0), [c1, c2, c3])
            ])
        #expect(harness.sequencer.dragCount == 0)
    }

    @Test func aBlockHeldHereHoldsEveryItemOfItAgainstABeginElsewhere() {
        var harness = twoEditors()
        harness.handle(.remote(.joined(client: "Z", user: "zoe", node: "n2")))
        harness.drag(c1, .beginBlock(items: ["a", "b"]))
        #expect(harness.sequencer.locallyHeldItems == ["a": "A", "b": "A"])
        let later = harness.handle(.remote(remoteDrag(.begin, "b")))
        #expect(later.messages.isEmpty, "the second item of the block is not shown held by zoe")
        let handedOver = harness.handle(
            .remote(
                .leaseLost(
                    .init(action: .begin, client: "Z", user: "zoe", item: "b", version: 0), node: "n2")))
        #expect(harness.sequencer.locallyHeldItems.isEmpty)
        #expect(
            handedOver.messages.contains { outgoing in
                if case .error(let report) = outgoing.message {
                    report.code == .locked && report.item == "b"
                } else {
                    false
                }
            })
    }

    @Test func theFirstBeginInTheServersOrderKeepsTheItemAndALaterGrantHandsItOver() {
        var harness = twoEditors()
        harness.handle(.remote(.joined(client: "Z", user: "zoe", node: "n2")))
        harness.handle(.remote(.joined(client: "Y", user: "yan", node: "n3")))
        harness.handle(.remote(remoteDrag(.begin, "b", from: at("main", 1))))
        let later = ServerMessage.Drag(
            action: .begin, client: "Y", user: "yan", item: "b", from: at("main", 1), version: 0)
        #expect(harness.handle(.remote(.drag(later, node: "n3"))).messages.isEmpty, "Z keeps b")
        harness.drag(c1, .begin(item: "a"))
        let zoe = ServerMessage.Drag(
            action: .begin, client: "Z", user: "zoe", item: "a", from: at("main", 0), version: 0)
        let handedOver = harness.handle(.remote(.leaseLost(zoe, node: "n2")))
        #expect(
            handedOver.messages == [
                everyone(dragMessage(.cancel, "A", "alice", "a", from: at("main", 0), version: 0), [c1, c2]),
                one(c1, errorMessage(.locked, "a is being dragged by zoe (Z)", item: "a")),
                everyone(dragMessage(.begin, "Z", "zoe", "a", from: at("main", 0), version: 0), [c1, c2]),
            ])
        #expect(harness.sequencer.locallyHeldItems.isEmpty)
    }

    @Test func aPositionFromAnEarlierVersionIsRebasedToThisOne() {
        var harness = twoEditors()
        harness.submitAndFlush(c1, seq: 1, base: 0, .insert(item: newItem("n"), to: at("main", 0)))
        let over = harness.handle(.remote(remoteDrag(.over, "b", from: at("main", 1), to: at("done", 0), version: 0)))
        #expect(
            over.messages == [
                everyone(
                    dragMessage(.over, "Z", "zoe", "b", from: at("main", 2), to: at("done", 0), version: 1), [c1, c2])
            ])
    }

    @Test func aDragThatOpsSinceItsVersionEndedIsIgnored() {
        var harness = twoEditors()
        harness.handle(
            .committedElsewhere([
                SequencedOp(
                    version: 1, client: "Z", user: "zoe", seq: 1,
                    op: .move(item: "b", from: at("main", 1), to: at("done", 0)))
            ]))
        #expect(
            harness.handle(.remote(remoteDrag(.over, "b", from: at("main", 1), to: at("main", 0)))).messages.isEmpty)
        harness.handle(
            .committedElsewhere([
                SequencedOp(version: 2, client: "Y", user: "yan", seq: 1, op: .delete(item: "c", from: at("main", 1)))
            ]))
        #expect(harness.handle(.remote(remoteDrag(.begin, "c", client: "X"))).messages.isEmpty)
        #expect(harness.handle(.remote(remoteDrag(.begin, "a", version: 3))).messages.isEmpty, "a version not reached")
        #expect(harness.sequencer.dragCount == 0)
    }

    @Test func aDragElsewhereIsCarriedThroughCommitsAndNeverTimesOutHere() {
        var harness = twoEditors()
        harness.handle(.remote(remoteDrag(.over, "c", from: at("main", 2), to: at("done", 0))))
        harness.submitAndFlush(c1, seq: 1, base: 0, .delete(item: "a", from: at("main", 0)))
        harness.now = 1_000
        #expect(harness.handle(.tick).messages.isEmpty)
        guard case .welcome(let welcome) = harness.join(c3, client: "C", user: "carol").messages.first?.message else {
            Issue.record("no welcome")
            return
        }
        #expect(
            welcome.drags == [
                .init(
                    action: .over, client: "Z", user: "zoe", item: "c", from: at("main", 1), to: at("done", 0),
                    version: 1)
            ])
    }

    @Test func aLostServersClientsLeaveAndTheirDragsEndWithLeft() {
        var harness = twoEditors()
        harness.handle(.remote(.joined(client: "Z", user: "zoe", node: "n2")))
        harness.handle(.remote(.joined(client: "Y", user: "yan", node: "n3")))
        harness.handle(.remote(remoteDrag(.begin, "a")))
        let output = harness.handle(.remote(.nodeLost("n2")))
        #expect(
            output.messages == [
                everyone(
                    dragMessage(.cancel, "Z", "zoe", "a", from: at("main", 0), version: 0, reason: .left), [c1, c2]),
                everyone(.presence(.init(action: .leave, client: "Z", user: "zoe")), [c1, c2]),
            ])
        #expect(welcome(of: harness.join(c3, client: "C", user: "carol"))?.peers.map(\.client) == ["A", "B", "Y"])
    }

    @Test func aServersFullStateReplacesWhatWasKnownOfIt() {
        var harness = twoEditors()
        harness.handle(.remote(.joined(client: "Z", user: "zoe", node: "n2")))
        harness.handle(.remote(.joined(client: "Y", user: "yan", node: "n2")))
        harness.handle(.remote(remoteDrag(.begin, "a")))
        let state = RemoteActivity.state(
            node: "n2", peers: [.init(client: "Y", user: "yan"), .init(client: "X", user: "xia")],
            drags: [.init(action: .begin, client: "X", user: "xia", item: "b", from: at("main", 1), version: 0)])
        let output = harness.handle(.remote(state))
        #expect(
            output.messages == [
                everyone(
                    dragMessage(.cancel, "Z", "zoe", "a", from: at("main", 0), version: 0, reason: .left), [c1, c2]),
                everyone(.presence(.init(action: .leave, client: "Z", user: "zoe")), [c1, c2]),
                everyone(.presence(.init(action: .join, client: "X", user: "xia")), [c1, c2]),
                everyone(dragMessage(.begin, "X", "xia", "b", from: at("main", 1), version: 0), [c1, c2]),
            ])
    }

    @Test func aStateSentBeforeItsServerHeardOfAMoveNeitherMovesNorReplacesTheClient() {
        var harness = twoEditors()
        harness.handle(.remote(.joined(client: "Z", user: "zoe", node: "n2")))
        harness.handle(.remote(.joined(client: "Z", user: "zoe", node: "n3")))
        let stale = RemoteActivity.state(
            node: "n2", peers: [.init(client: "Z", user: "zoe"), .init(client: "A", user: "alice")], drags: [])
        let output = harness.handle(.remote(stale))
        #expect(output.messages.isEmpty)
        #expect(output.closes.isEmpty, "A stays connected here")
        let leave = harness.handle(.remote(.left(client: "Z", node: "n3")))
        #expect(leave.messages == [everyone(.presence(.init(action: .leave, client: "Z", user: "zoe")), [c1, c2])])
    }

    @Test func theLocalActivityListsThisServersClientsAndDragsOnly() {
        var harness = twoEditors()
        harness.drag(c2, .begin(item: "b"))
        harness.handle(.remote(.joined(client: "Z", user: "zoe", node: "n2")))
        harness.handle(.remote(remoteDrag(.begin, "a")))
        let activity = harness.sequencer.localActivity
        #expect(activity.peers == [.init(client: "A", user: "alice"), .init(client: "B", user: "bob")])
        #expect(
            activity.drags == [
                .init(action: .begin, client: "B", user: "bob", item: "b", from: at("main", 1), version: 0)
            ])
        #expect(harness.sequencer.locallyHeldItems == ["b": "B"])
    }
}
