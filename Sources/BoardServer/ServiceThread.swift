#if canImport(Glibc)
    import Glibc
#endif

/// The service thread a `BoardService` is confined to: in debug builds every entry point checks
/// that it runs on the thread of the first one (the transport's loop, or a test's thread), so a
/// call from another thread stops the process at once instead of racing. Release builds check
/// nothing.
struct ServiceThread {
    #if DEBUG
        private var owner: pthread_t?
    #endif

    /// Stops the process when called on another thread than the first call.
    mutating func check(_ entry: StaticString = #function) {
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
