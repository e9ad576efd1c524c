import Foundation
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
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let local = packageRoot.appendingPathComponent(".build/venv/bin/python").path
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [path] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorText = LockedText()
        DispatchQueue.global().async {
            errorText.append(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Issue.record("\(script) \(arguments.joined(separator: " ")) failed: \(errorText.text)")
            return nil
        }
        guard let line = text.split(separator: "\n").last,
            let result = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        else {
            Issue.record("no JSON result line from \(script): \(text) \(errorText.text)")
            return nil
        }
        return result
    }
}
