import BoardSync
import Testing

@Suite struct SequencerTokenBucketTests {
    /// Takes one token at each time in `times`; returns which takes succeeded.
    func takes(_ bucket: inout TokenBucket, at times: [Double]) -> [Bool] {
        times.map { bucket.take(now: $0) }
    }

    @Test func fullBucketAllowsOneHundredMessagesAtOnce() {
        var bucket = TokenBucket()
        let taken = takes(&bucket, at: Array(repeating: 5, count: 101))
        #expect(taken == Array(repeating: true, count: 100) + [false])
    }

    @Test func refillsAtOneHundredPerSecond() {
        var bucket = TokenBucket()
        _ = takes(&bucket, at: Array(repeating: 10, count: 100))
        let taken = takes(&bucket, at: [10.005, 10.011, 10.011, 10.5])
        #expect(taken == [false, true, false, true])
        #expect(bucket.available == 48)
    }

    @Test func neverHoldsMoreThanItsCapacity() {
        var bucket = TokenBucket()
        _ = takes(&bucket, at: [0])
        let taken = takes(&bucket, at: Array(repeating: 3_600, count: 101))
        #expect(taken.filter { $0 }.count == 100)
    }

    @Test func clockGoingBackAddsNothing() {
        var bucket = TokenBucket(capacity: 2, refillPerSecond: 1)
        let taken = takes(&bucket, at: [100, 100, 50, 100.5, 101])
        #expect(taken == [true, true, false, false, true])
    }
}
