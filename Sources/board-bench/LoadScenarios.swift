/// One load scenario: its name and how to run it against one target.
struct LoadScenario: Sendable {
    let name: String
    let run: @Sendable (LoadEnvironment) -> Void
}

/// Every load scenario by name, in the order the suite runs them.
enum LoadScenarios {
    static let all: [LoadScenario] = [
        LoadScenario(name: ScenarioFanout.name, run: ScenarioFanout.run),
        LoadScenario(name: ScenarioDragStorm.name, run: ScenarioDragStorm.run),
        LoadScenario(name: ScenarioAcks.name, run: ScenarioAcks.run),
        LoadScenario(name: ScenarioIdle.name, run: ScenarioIdle.run),
        LoadScenario(name: ScenarioReconnect.name, run: ScenarioReconnect.run),
        LoadScenario(name: ScenarioBoards.name, run: ScenarioBoards.run),
    ]

    static func named(_ name: String) -> [LoadScenario] {
        name == "all" ? all : all.filter { $0.name == name }
    }
}
