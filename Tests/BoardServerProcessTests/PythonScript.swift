import Foundation
import TestSupport
import Testing

/// Runs a script of `python/` with the interpreter of the venv that has the independent
/// `websockets` client, and reads the JSON object of its last output line.
enum PythonScript {
    /// The interpreter: `BOARD_SYNC_PYTHON`, else the package's `.build/venv/bin/python`.
    static func interpreter() -> String? {
        if let configured = ProcessInfo.processInfo.environment["BOARD_SYNC_PYTHON"],
            FileManager.default.isExecutableFile(atPath: configured)
        {
            return configured
        }
        let local = BuiltProducts.packageRoot.appendingPathComponent(".build/venv/bin/python").path
        return FileManager.default.isExecutableFile(atPath: local) ? local : nil
    }

    /// The script's result; nil (with an issue recorded) when Python is missing, the script
    /// fails, or its last line is not a JSON object.
    static func run(_ script: String, _ arguments: [String]) throws -> [String: Any]? {
        guard let python = interpreter() else {
            Issue.record("no Python with websockets: run `make test` (it creates .build/venv) or set BOARD_SYNC_PYTHON")
            return nil
        }
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("python/\(script)").path
        let run = try ProcessRun.run(URL(fileURLWithPath: python), [path] + arguments, timeout: 120)
        guard run.status == 0 else {
            Issue.record("\(script) \(arguments.joined(separator: " ")) failed: \(run.stderr)")
            return nil
        }
        let text = run.stdout
        guard let line = text.split(separator: "\n").last,
            let result = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        else {
            Issue.record("no JSON result line from \(script): \(text) \(run.stderr)")
            return nil
        }
        return result
    }
}
