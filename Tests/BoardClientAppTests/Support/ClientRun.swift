import Foundation
import TestSupport
import Testing

/// Runs `board-client` in script mode to completion.
enum ClientRun {
    /// Runs `board-client` with `arguments` (and `environment` added to the tests' own) and
    /// returns its status and output.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessRun {
        let binary: URL = try #require(BuiltProducts.url(of: "board-client"), "board-client is not built")
        return try ProcessRun.run(binary, arguments, environment: environment, timeout: 60)
    }
}
