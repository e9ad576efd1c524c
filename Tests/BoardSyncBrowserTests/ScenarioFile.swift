import BoardSync
import Foundation
import Testing

/// A scenario file of `Scenarios/`: steps that open sessions and feed them intents and server
/// messages, each with the answer it expects. The WebAssembly module's node tests
/// (wasm/tests/scenarios.test.mjs) run the same files through the module and check the same
/// expectations.
struct ScenarioFile {
    let name: String
    let steps: [JSONObject]

    /// The names of every scenario file, without `.json`.
    static let names: [String] = {
        guard let directory = Bundle.module.resourceURL?.appendingPathComponent("Scenarios"),
            let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    init(named name: String) throws {
        let url = try #require(
            Bundle.module.url(forResource: "Scenarios/\(name)", withExtension: "json"), "missing scenario \(name)")
        guard case .object(let file) = try JSONValue.parse([UInt8](try Data(contentsOf: url))),
            case .array(let steps)? = file["steps"]
        else { throw ScenarioError("\(name): no steps array") }
        self.name = name
        self.steps = try steps.map { step in
            guard case .object(let object) = step else { throw ScenarioError("\(name): a step is not an object") }
            return object
        }
    }
}

/// A scenario file that cannot be run, or an answer that is not what the step expects.
struct ScenarioError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
