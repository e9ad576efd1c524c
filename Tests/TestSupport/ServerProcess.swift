import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real `board-server` process on a free loopback port with its own data directory, killed
/// when released. A second one started on the same `directory` reopens the same data.
public final class ServerProcess: @unchecked Sendable {
    /// The process and its standard error (collected, with `--log-level debug` unless the
    /// arguments say otherwise).
    public let child: ListeningProcess
    /// The data directory; it is removed once no server uses it any more.
    public let directory: TemporaryDirectory
    /// The SQLite file inside `directory`.
    public var dataPath: String { directory.path("boards.sqlite") }

    /// Starts a server with `arguments` and waits until it listens. It uses `directory` when
    /// given (a restart on the same data), else a new one.
    public init(arguments: [String] = [], directory: TemporaryDirectory? = nil) throws {
        let binary = try Self.binary()
        self.directory = try directory ?? TemporaryDirectory(prefix: "board-server")
        child = ListeningProcess(
            executable: binary.path,
            arguments: ["--data", self.directory.path("boards.sqlite"), "--log-level", "debug"] + arguments)
        try child.start()
    }

    /// The built `board-server`.
    public static func binary() throws -> URL {
        guard let url = BuiltProducts.url(of: "board-server") else { throw MissingProduct(name: "board-server") }
        return url
    }

    /// The port it listens on.
    public var port: Int { child.port }

    /// `ws://127.0.0.1:PORT`.
    public var baseURL: String { "ws://127.0.0.1:\(port)" }

    /// The WebSocket URL of `board`.
    public func url(board: String) -> String { "\(baseURL)/boards/\(board)" }

    /// What the server wrote to standard error so far.
    public var log: String { child.log }

    /// Waits until the log satisfies `ready`; false after `timeout` seconds.
    @discardableResult
    public func waitForLog(timeout: Double = 10, until ready: (String) -> Bool) -> Bool {
        child.waitForLog(timeout: timeout, until: ready)
    }

    /// Asks the server to reload its tokens file.
    public func reloadTokens() {
        child.signal(SIGHUP)
    }

    /// Sends `signal` and waits for the exit (a server still running after `timeout` is killed).
    @discardableResult
    public func terminate(signal: Int32 = SIGTERM, timeout: Double = 10) -> ListeningProcess.Exit {
        child.stop(signal: signal, timeout: timeout)
    }

    /// Runs `board-server` with `arguments` (in `directory` when given) until it exits (bad
    /// flags, `--help`, unusable data) and returns its status and both outputs.
    public static func runToExit(
        _ arguments: [String], timeout: Double = 20, directory: String? = nil
    ) throws -> ProcessRun {
        try ProcessRun.run(binary(), arguments, timeout: timeout, directory: directory)
    }
}

/// An executable the tests need has not been built.
public struct MissingProduct: Error, CustomStringConvertible {
    /// The executable's name.
    public let name: String

    public var description: String { "\(name) is not built (run swift build)" }
}
