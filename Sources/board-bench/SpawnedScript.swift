import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a script to its exit through `posix_spawn` and `waitpid` (Foundation's `Process` can
/// miss the exit of a child that leaves a process of its own behind), its output going to a
/// file that is read afterwards.
enum SpawnedScript {
    /// The exit status and what the script printed on standard output and standard error.
    static func run(_ script: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let outputPath = NSTemporaryDirectory() + "board-bench-script-\(getpid())-\(UUID().uuidString).out"
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([script] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawn(&pid, script, &actions, nil, argv, environ) == 0 else { return (-1, "cannot run \(script)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
    }
}
