import Foundation
import TestSupport
import Testing

/// Runs `board-client` in script mode to completion.
enum ClientRun {
    /// Runs `board-client` with `arguments` (and `environment` added to the tests' own) and
    /// returns its status and output, which must show none of Swift's debug forms.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessRun {
        let binary: URL = try #require(BuiltProducts.url(of: "board-client"), "board-client is not built")
        let run = try ProcessRun.run(binary, arguments, environment: environment, timeout: 60)
        let debugForms = DebugForms.found(in: run.stderr + "\n" + run.stdout)
        #expect(debugForms.isEmpty, "board-client \(arguments) printed Swift's debug forms: \(debugForms)")
        return run
    }
}
