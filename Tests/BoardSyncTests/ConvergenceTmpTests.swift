import Testing
@testable import BoardSync

@Suite struct ConvergenceTmpTests {
    @Test func one() {
        _ = ConvergenceTests.randomRun(seed: 50254, clients: 3, steps: 80, disconnectRate: 0)
    }
}
