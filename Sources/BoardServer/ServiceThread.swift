#if canImport(Glibc)
    import Glibc
#endif

/// The service thread a `BoardService` and its parts are confined to: in debug builds every entry
/// point checks that it runs on the thread of the first one (the transport's loop, or a test's
/// thread), so a call from another thread stops the process at once instead of racing. Release
/// builds check nothing. One instance is shared by the service's parts, with the thread's
/// timers and inbox.
final class ServiceThread {
    /// The thread's timers and inbox; set before the first event arrives.
    weak var host: (any ServiceHost)?

    #if DEBUG
        private var owner: pthread_t?
    #endif

    /// Stops the process when called on another thread than the first call.
    func check(_ entry: StaticString = #function) {
        #if DEBUG
            let current = pthread_self()
            guard let owner else {
                self.owner = current
                return
            }
            precondition(pthread_equal(owner, current) != 0, "BoardService.\(entry) called off the service thread")
        #endif
    }
}
