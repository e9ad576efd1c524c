import BoardStore
import TestSupport
import Testing

@testable import BoardServer

/// The ordering of results behind durability, event by event: turns are named `t1`, `t2`, ...,
/// their batches `b1`, `b2`, ...
@Suite("turn pipeline")
struct TurnPipelineTests {
    typealias Pipeline = TurnPipeline<String, String>

    static let diskFull = StoreError.database(code: 13, message: "database or disk is full")

    @Test func aTurnWithNothingToCommitIsSentAtOnceWhenNothingWaits() {
        var pipeline = Pipeline()
        #expect(pipeline.handle(.turnEnded("t1", batch: nil)) == [.send("t1")])
        #expect(pipeline.isIdle)
        #expect(pipeline.lastTicket == 0)
    }

    @Test func aTurnIsSentOnlyOnceItsBatchIsDurable() {
        var pipeline = Pipeline()
        #expect(pipeline.handle(.turnEnded("t1", batch: "b1")) == [.commit("b1", ticket: 1)])
        #expect(!pipeline.isIdle)
        #expect(pipeline.waitingTurns == 1)
        #expect(pipeline.handle(.commitCompleted(ticket: 1)) == [.send("t1")])
        #expect(pipeline.isIdle)
        #expect(pipeline.durableTicket == 1)
    }

    @Test func aTurnWithNothingToCommitWaitsForTheTurnsBeforeIt() {
        var pipeline = Pipeline()
        #expect(pipeline.handle(.turnEnded("t1", batch: "b1")) == [.commit("b1", ticket: 1)])
        #expect(pipeline.handle(.turnEnded("t2", batch: nil)) == [])
        #expect(pipeline.handle(.turnEnded("t3", batch: nil)) == [])
        #expect(pipeline.waitingTurns == 3)
        #expect(pipeline.handle(.commitCompleted(ticket: 1)) == [.send("t1"), .send("t2"), .send("t3")])
        #expect(pipeline.isIdle)
    }

    @Test func severalTurnsInFlightAreSentInOrderAsTheirCommitsComplete() {
        var pipeline = Pipeline()
        #expect(pipeline.handle(.turnEnded("t1", batch: "b1")) == [.commit("b1", ticket: 1)])
        #expect(pipeline.handle(.turnEnded("t2", batch: "b2")) == [.commit("b2", ticket: 2)])
        #expect(pipeline.handle(.turnEnded("t3", batch: nil)) == [])
        #expect(pipeline.handle(.turnEnded("t4", batch: "b3")) == [.commit("b3", ticket: 3)])
        #expect(pipeline.handle(.commitCompleted(ticket: 1)) == [.send("t1")])
        #expect(pipeline.handle(.commitCompleted(ticket: 2)) == [.send("t2"), .send("t3")])
        #expect(pipeline.waitingTurns == 1)
        #expect(pipeline.handle(.commitCompleted(ticket: 3)) == [.send("t4")])
        #expect(pipeline.isIdle)
    }

    /// The group committer merges every batch waiting into one transaction and reports the
    /// highest ticket: every turn up to it goes out, in order.
    @Test func oneTransactionForSeveralBatchesReleasesEveryTurnItCovers() {
        var pipeline = Pipeline()
        _ = pipeline.handle(.turnEnded("t1", batch: "b1"))
        _ = pipeline.handle(.turnEnded("t2", batch: nil))
        _ = pipeline.handle(.turnEnded("t3", batch: "b2"))
        _ = pipeline.handle(.turnEnded("t4", batch: "b3"))
        _ = pipeline.handle(.turnEnded("t5", batch: nil))
        #expect(
            pipeline.handle(.commitCompleted(ticket: 3)) == [
                .send("t1"), .send("t2"), .send("t3"), .send("t4"), .send("t5"),
            ])
        #expect(pipeline.isIdle)
    }

    @Test func aTurnEndingAfterEveryCommitCompletedIsSentAtOnce() {
        var pipeline = Pipeline()
        _ = pipeline.handle(.turnEnded("t1", batch: "b1"))
        #expect(pipeline.handle(.commitCompleted(ticket: 1)) == [.send("t1")])
        #expect(pipeline.handle(.turnEnded("t2", batch: nil)) == [.send("t2")])
        #expect(pipeline.handle(.turnEnded("t3", batch: "b2")) == [.commit("b2", ticket: 2)])
    }

    @Test func onlyTurnsWithABatchTakeATicket() {
        var pipeline = Pipeline()
        #expect(pipeline.handle(.turnEnded("t1", batch: nil)) == [.send("t1")])
        #expect(pipeline.handle(.turnEnded("t2", batch: "b1")) == [.commit("b1", ticket: 1)])
        #expect(pipeline.handle(.turnEnded("t3", batch: nil)) == [])
        #expect(pipeline.handle(.turnEnded("t4", batch: "b2")) == [.commit("b2", ticket: 2)])
        #expect(pipeline.lastTicket == 2)
    }

    @Test func aFailedCommitStopsAndNothingWaitingIsEverSent() {
        var pipeline = Pipeline()
        _ = pipeline.handle(.turnEnded("t1", batch: "b1"))
        _ = pipeline.handle(.turnEnded("t2", batch: nil))
        #expect(pipeline.handle(.commitFailed(Self.diskFull)) == [.stop(Self.diskFull)])
        #expect(pipeline.stopped)
        #expect(pipeline.isIdle)
        #expect(pipeline.handle(.commitCompleted(ticket: 1)) == [])
        #expect(pipeline.handle(.turnEnded("t3", batch: nil)) == [])
        #expect(pipeline.handle(.turnEnded("t4", batch: "b2")) == [])
        #expect(pipeline.handle(.commitFailed(Self.diskFull)) == [])
        #expect(pipeline.lastTicket == 1)
    }

    @Test func aFailureAfterSomeCommitsKeepsWhatWasSentAndSendsNothingMore() {
        var pipeline = Pipeline()
        _ = pipeline.handle(.turnEnded("t1", batch: "b1"))
        _ = pipeline.handle(.turnEnded("t2", batch: "b2"))
        _ = pipeline.handle(.turnEnded("t3", batch: nil))
        #expect(pipeline.handle(.commitCompleted(ticket: 1)) == [.send("t1")])
        #expect(pipeline.handle(.commitFailed(Self.diskFull)) == [.stop(Self.diskFull)])
        #expect(pipeline.handle(.commitCompleted(ticket: 2)) == [])
    }

    /// Random interleavings of turns and completions, the way the group committer produces them
    /// (each completion reports a higher ticket, up to the last one handed out): every turn is
    /// sent exactly once, in the order the turns ended, and only once its own batch and every
    /// batch before it are durable.
    @Test(arguments: TestSeed.sweep(count: 200, from: 0x7E_0000))
    func randomInterleavingsSendEveryTurnOnceInOrderBehindItsCommits(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var pipeline = Pipeline()
        var ended: [String] = []
        var needs: [String: UInt64] = [:]
        var sent: [String] = []
        var handedOut: UInt64 = 0
        var durable: UInt64 = 0

        func apply(_ actions: [Pipeline.Action]) {
            for action in actions {
                switch action {
                case .commit(_, let ticket):
                    #expect(ticket == handedOut + 1, "seed \(seed)")
                    handedOut = ticket
                case .send(let turn):
                    #expect(needs[turn].map { $0 <= durable } == true, "seed \(seed): \(turn) sent before durable")
                    sent.append(turn)
                case .stop:
                    Issue.record("seed \(seed): stopped without a failure")
                }
            }
        }

        for step in 0..<300 {
            if Int.random(in: 0..<3, using: &random) > 0 || durable == handedOut {
                let name = "t\(step)"
                let commits = Bool.random(using: &random)
                ended.append(name)
                needs[name] = commits ? handedOut + 1 : handedOut
                apply(pipeline.handle(.turnEnded(name, batch: commits ? "b\(step)" : nil)))
            } else {
                durable = UInt64.random(in: (durable + 1)...handedOut, using: &random)
                apply(pipeline.handle(.commitCompleted(ticket: durable)))
            }
            #expect(sent == Array(ended.prefix(sent.count)), "seed \(seed): sent out of order")
        }
        if durable < handedOut {
            durable = handedOut
            apply(pipeline.handle(.commitCompleted(ticket: durable)))
        }
        #expect(sent == ended, "seed \(seed) (\(TestSeed.rerun(seed)))")
        #expect(pipeline.isIdle, "seed \(seed)")
    }
}
