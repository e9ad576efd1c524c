/// The thread a `BoardService` runs on, as far as the service needs it: timers, and work handed
/// over from other threads (the committer's completions, a tokens reload). The service
/// talks only to this, so tests run it in-process on a host they drive by hand; board-server's
/// `ServiceTransport` is the real one.
package protocol ServiceHost: AnyObject, Sendable {
    /// Runs `work` on the service thread once `seconds` have passed.
    func runLater(after seconds: Double, _ work: @escaping () -> Void)
    /// Runs `work` on the service thread soon, from any thread; false once the thread stopped.
    @discardableResult
    func post(_ work: @escaping @Sendable () -> Void) -> Bool
}
