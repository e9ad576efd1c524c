import BoardSync
import TestSupport
import Testing

/// The core's one sort (`stablySorted`) orders as Swift's own stable sort does, equal elements
/// in their first order, on lists of every short length and on long ones.
@Suite struct StableOrderTests {
    private struct Entry: Equatable {
        var key: Int
        var arrival: Int
    }

    @Test(arguments: TestSeed.sweep(count: 200))
    func ordersLikeTheStandardStableSort(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let count = seed < 100 ? Int(seed % 20) : Int.random(in: 0...2_000, using: &generator)
        let keys = (0..<count).map { _ in Int.random(in: 0...max(1, count / 3), using: &generator) }
        let entries = keys.enumerated().map { Entry(key: $0.element, arrival: $0.offset) }
        let sorted = entries.stablySorted { $0.key < $1.key }
        #expect(sorted == entries.sorted { $0.key < $1.key }, "\(TestSeed.rerun(seed))")
        #expect(keys.stablySorted() == keys.sorted(), "\(TestSeed.rerun(seed))")
        for (earlier, later) in zip(sorted, sorted.dropFirst()) where earlier.key == later.key {
            #expect(earlier.arrival < later.arrival, "equal keys out of their order, \(TestSeed.rerun(seed))")
        }
    }

    @Test func sortsPathsAsTheBatchesNeedThem() {
        let paths = [
            CellPath(section: 2, item: 0), CellPath(section: 0, item: 5), CellPath(section: 2, item: 1),
            CellPath(section: 0, item: 1),
        ]
        #expect(
            paths.stablySorted() == [
                CellPath(section: 0, item: 1), CellPath(section: 0, item: 5), CellPath(section: 2, item: 0),
                CellPath(section: 2, item: 1),
            ])
    }
}
