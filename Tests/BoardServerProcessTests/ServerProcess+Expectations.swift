import Foundation
import TestSupport
import Testing

extension ServerProcess {
    /// Sends a signal and waits for the exit status (nil if it did not exit in time). The whole
    /// standard error must hold no sanitizer report (under `swift test --sanitize=...` the
    /// server binary is instrumented too) and no line in Swift's debug forms.
    @discardableResult
    func stop(signal: Int32 = SIGTERM, timeout: Double = 10) -> Int32? {
        let exit = terminate(signal: signal, timeout: timeout)
        if exit.status == nil {
            Issue.record(
                "board-server did not exit within \(timeout) s of signal \(signal); log tail:\n\(exit.log.suffix(3000))"
            )
        }
        #expect(!exit.log.contains("Sanitizer"), "the server reported a sanitizer finding:\n\(exit.log.suffix(4000))")
        let debugForms = DebugForms.found(in: exit.log)
        #expect(
            debugForms.isEmpty,
            "the server's log shows Swift's debug forms:\n\(debugForms.prefix(10).joined(separator: "\n"))")
        return exit.status
    }

    /// Stops the server with SIGTERM and expects a clean exit.
    func finish() {
        let status = stop()
        #expect(status == 0, "board-server exited with \(String(describing: status)); log tail:\n\(log.suffix(2000))")
    }
}
