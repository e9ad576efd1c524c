import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process that SIGINT stops, whatever this process does with its signals: it starts
/// with no signal blocked and the stopping ones at their default action (a test runner that
/// starts board-bench blocks SIGINT and SIGTERM, and a child would inherit that). Its input and
/// output are /dev/null.
struct InterruptibleChild {
    let pid: pid_t
    private var exited = false

    /// Starts `executable` with `arguments`; nil when it cannot be started.
    init?(_ executable: String, _ arguments: [String]) {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawn(&pid, executable, &actions, &attributes, argv, environ) == 0 else { return nil }
        self.pid = pid
    }

    /// False once the child has exited (and been waited for).
    var isRunning: Bool {
        mutating get {
            guard !exited else { return false }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { exited = true }
            return !exited
        }
    }

    /// Sends SIGINT and waits until the child has exited.
    mutating func interruptAndWait() {
        guard isRunning else { return }
        kill(pid, SIGINT)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        exited = true
    }
}
