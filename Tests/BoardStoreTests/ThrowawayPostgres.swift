import Foundation
import Locking

/// A PostgreSQL server of its own for tests, run by `scripts/throwaway-postgres` in a temporary
/// directory on a free port of a loopback address.
///
/// `shared()` starts one cluster for the whole test process, on first use, and the script stops
/// it and removes its directory when the process exits (even when it crashes). Tests that stop
/// or restart the server start a private cluster with `start()` and `stop()` it themselves.
final class ThrowawayPostgres: Sendable {
    /// The directory holding the data, the socket and the server log.
    let directory: String
    /// The URL of the cluster's database, as its superuser.
    let url: String
    let host: String
    let port: Int

    private init(directory: String, url: String, host: String, port: Int) {
        self.directory = directory
        self.url = url
        self.host = host
        self.port = port
    }

    /// The loopback address the test clusters listen on.
    static let defaultHost = "127.0.0.20"

    /// The script, found from this file's place in the repository.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/throwaway-postgres").path

    private static let sharedCluster = SharedCluster()

    /// The cluster shared by every test of this process, started on first use (a failed start is
    /// not tried again: every test reports the same reason).
    static func shared() throws(ThrowawayPostgresError) -> ThrowawayPostgres {
        try sharedCluster.get()
    }

    /// Starts a new cluster on a free port of `host`; it is also removed when this process exits.
    static func start(host: String = defaultHost) throws(ThrowawayPostgresError) -> ThrowawayPostgres {
        // Under /tmp rather than TMPDIR: the server's user must reach the directory.
        let directory = "/tmp/throwaway-postgres-\(UUID().uuidString)"
        var attempts = 0
        while true {
            attempts += 1
            let port = try freePort(on: host)
            let owner = String(ProcessInfo.processInfo.processIdentifier)
            let outcome = try run(["start", directory, host, String(port), "--owner", owner])
            if outcome.status == 0 {
                let url = outcome.output.trimmingCharacters(in: .whitespacesAndNewlines)
                return ThrowawayPostgres(directory: directory, url: url, host: host, port: port)
            }
            // Exit status 3: another process took the port between the check and the start.
            guard outcome.status == 3, attempts < 5 else {
                _ = try? run(["stop", directory])
                throw .scriptFailed(command: "start", status: outcome.status, message: outcome.errors)
            }
        }
    }

    /// The URL of the cluster's database as `user` (every role may log in: the cluster trusts).
    func url(user: String) -> String {
        "postgresql://\(user)@\(host):\(port)/boards"
    }

    /// Restarts the server: `immediate` is a crash-like stop that needs recovery on start.
    func restart(immediate: Bool = false) throws(ThrowawayPostgresError) {
        try runChecked(["restart", directory] + (immediate ? ["--immediate"] : []))
    }

    /// Stops the server and removes its directory.
    func stop() throws(ThrowawayPostgresError) {
        try runChecked(["stop", directory])
    }

    private func runChecked(_ arguments: [String]) throws(ThrowawayPostgresError) {
        let outcome = try Self.run(arguments)
        guard outcome.status == 0 else {
            throw .scriptFailed(command: arguments[0], status: outcome.status, message: outcome.errors)
        }
    }

    /// Runs the script with `arguments` and returns its exit status, standard output and error.
    ///
    /// Spawned directly rather than through Foundation's `Process`, whose `waitUntilExit` was seen
    /// to hang here after the child had exited; the output pipe is close-on-exec so no other child inherits it and delays its end.
    static func run(
        _ arguments: [String]
    ) throws(ThrowawayPostgresError) -> (
        status: Int32, output: String, errors: String
    ) {
        let errorsPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("throwaway-postgres-\(UUID().uuidString).err").path
        defer { unlink(errorsPath) }
        var output: [Int32] = [-1, -1]
        guard pipe(&output) == 0, fcntl(output[0], F_SETFD, FD_CLOEXEC) == 0,
            fcntl(output[1], F_SETFD, FD_CLOEXEC) == 0
        else {
            throw .scriptFailed(command: arguments[0], status: -1, message: "pipe: errno \(errno)")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, errorsPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([script] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, script, &actions, nil, argv, environ)
        close(output[1])
        defer { close(output[0]) }
        guard spawned == 0 else {
            throw .scriptFailed(command: arguments[0], status: -1, message: "cannot run \(script): errno \(spawned)")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(output[0], $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let errors = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
        return (exitStatus, String(decoding: bytes, as: UTF8.self), errors)
    }

    /// A TCP port of `host` that nothing listens on right now (the kernel picks it).
    static func freePort(on host: String) throws(ThrowawayPostgresError) -> Int {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { throw .noFreePort("socket: errno \(errno)") }
        defer { close(socketDescriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            throw .noFreePort("not an IPv4 address: \(host)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(socketDescriptor, socketAddress, length) == 0
                    && getsockname(socketDescriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { throw .noFreePort("bind to \(host): errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// Why a throwaway cluster could not be started or stopped.
enum ThrowawayPostgresError: Error, Sendable, CustomStringConvertible {
    case scriptFailed(command: String, status: Int32, message: String)
    case noFreePort(String)

    var description: String {
        switch self {
        case .scriptFailed(let command, let status, let message):
            "throwaway-postgres \(command) exited with \(status): \(message)"
        case .noFreePort(let message): "no free port for a throwaway PostgreSQL: \(message)"
        }
    }
}

/// The shared cluster's start, run once by the first test that needs it while the others wait.
private final class SharedCluster: Sendable {
    private let started = Locked<Result<ThrowawayPostgres, ThrowawayPostgresError>?>(nil)

    func get() throws(ThrowawayPostgresError) -> ThrowawayPostgres {
        let result = started.withLock { started in
            if started == nil {
                started = Result { () throws(ThrowawayPostgresError) -> ThrowawayPostgres in
                    try ThrowawayPostgres.start()
                }
            }
            return started!
        }
        return try result.get()
    }
}
