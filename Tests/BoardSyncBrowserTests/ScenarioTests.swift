import Testing

/// Every scenario of `Scenarios/` gives the answers it expects, and every batch it produces
/// replays to the view that comes with it.
@Suite struct ScenarioTests {
    @Test func thereAreScenarios() {
        #expect(ScenarioFile.names.count >= 6)
    }

    @Test(arguments: ScenarioFile.names)
    func scenario(_ name: String) throws {
        var runner = ScenarioRunner()
        let problems = try runner.run(ScenarioFile(named: name))
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
