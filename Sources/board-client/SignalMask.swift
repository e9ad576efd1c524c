#if canImport(Glibc)
    import Glibc
#endif

/// A process may start with signals blocked that it inherited from its parent's thread; the
/// client needs SIGINT, SIGTERM and SIGWINCH delivered to restore the terminal and re-flow.
enum SignalMask {
    static func unblockTerminalSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGPIPE] { sigaddset(&set, signal) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }
}
