import Foundation

/// Process signals a server acts on (board-server: SIGINT and SIGTERM stop it, SIGHUP reloads
/// its tokens; the benchmark relay: SIGINT and SIGTERM), taken by one thread of their own with
/// `sigwait`.
///
/// They are blocked before any other thread starts, so every thread inherits the mask and a
/// signal sent at any moment stays pending until that thread takes it. A Dispatch signal source
/// cannot promise that: it needs the signal ignored, and it starts listening only some time after
/// `resume()`, so a SIGTERM sent in that gap (a supervisor stopping a server it just started)
/// was discarded and the server went on serving.
public enum ProcessSignals {
    /// Blocks `signals` in the calling thread and so in every thread it starts later. Call first
    /// thing in the process's main thread.
    public static func block(_ signals: [Int32]) {
        var set = signalSet(signals)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Starts the thread that waits for `signals` (blocked with `block` before) and calls
    /// `handle` with each one, in the order they are taken, for as long as the process lives.
    public static func startWaiting(for signals: [Int32], _ handle: @escaping @Sendable (Int32) -> Void) {
        let thread = Thread {
            var set = signalSet(signals)
            while true {
                var number: Int32 = 0
                guard sigwait(&set, &number) == 0 else { continue }
                handle(number)
            }
        }
        thread.name = "signals"
        thread.start()
    }

    private static func signalSet(_ signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        return set
    }
}
