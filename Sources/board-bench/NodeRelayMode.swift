import Foundation
import Glibc

/// `board-bench node-relay [--host H] [--port P] [--script PATH]`: replaces this process with the
/// plain Node.js relay (`node-relay.js` on Debian's `nodejs` and `node-ws`), the second baseline
/// of the load suite. It keeps this process's id, so the suite reads the relay's own CPU and
/// memory, and prints "listening on HOST:PORT" once ready like `board-bench relay`.
enum NodeRelayMode {
    static let mode = BenchMode(name: "node-relay", summary: "plain Node.js ws relay (the second load baseline)") {
        arguments in run(arguments)
    }

    static let usage = "usage: board-bench node-relay [--host H] [--port P] [--script PATH]\n"
    /// Where Debian installs its Node.js modules (`node-ws` puts `ws` there); a Node.js that is not
    /// Debian's own does not look there by itself.
    static let debianModulePaths = ["/usr/share/nodejs", "/usr/lib/nodejs"]

    static func run(_ arguments: [String]) -> Int32 {
        var relayArguments: [String] = []
        var script: String?
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            switch (flag, rest.popFirst()) {
            case ("--port", let value?) where Int(value) != nil: relayArguments += ["--port", value]
            case ("--host", let value?): relayArguments += ["--host", value]
            case ("--script", let value?): script = value
            default:
                FileHandle.standardError.write(Data(usage.utf8))
                return 2
            }
        }
        guard let path = script ?? locateScript() else {
            FileHandle.standardError.write(
                Data(
                    "node-relay: cannot find \(scriptName) next to board-bench or in the source tree; pass --script\n"
                        .utf8))
            return 1
        }
        FileDescriptorLimit.raise()
        let inherited = ProcessInfo.processInfo.environment["NODE_PATH"].map { [$0] } ?? []
        setenv("NODE_PATH", (inherited + debianModulePaths).joined(separator: ":"), 1)
        let argv = ["node", path] + relayArguments
        var cArguments = argv.map { strdup($0) } + [nil]
        execvp("node", &cArguments)
        FileHandle.standardError.write(
            Data("node-relay: cannot run node: \(String(cString: strerror(errno))) (install nodejs and node-ws)\n".utf8)
        )
        return 1
    }

    static let scriptName = "node-relay.js"

    /// The script as the build copied it beside the executable, or in the source tree above it.
    static func locateScript() -> String? {
        let executable = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
            .resolvingSymlinksInPath()
        let directory = executable.deletingLastPathComponent()
        var candidates = [directory.appendingPathComponent("board-sync_board-bench.resources/\(scriptName)")]
        var ancestor = directory
        while ancestor.pathComponents.count > 1 {
            candidates.append(ancestor.appendingPathComponent("Sources/board-bench/\(scriptName)"))
            ancestor.deleteLastPathComponent()
        }
        return candidates.map(\.path).first { FileManager.default.fileExists(atPath: $0) }
    }
}
