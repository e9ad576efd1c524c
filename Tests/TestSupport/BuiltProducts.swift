import Foundation

/// Finds the package's built executables (`board-server`, `board-client`, `board-bench`): they
/// sit next to the test bundle, or in `.build/debug` of the package.
public enum BuiltProducts {
    /// The executable `name`, or nil when it has not been built.
    public static func url(of name: String) -> URL? {
        candidates().map { $0.appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The package's root directory (this file is `Tests/TestSupport/BuiltProducts.swift`).
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    private static func candidates() -> [URL] {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var directories = [runner, runner.deletingLastPathComponent()]
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
        directories.append(packageRoot.appendingPathComponent(".build/debug"))
        return directories
    }
}
