import Foundation

/// Every benchmark mode, by the name given as the first argument. Add a mode by appending it here.
let modes: [BenchMode] = [
    CoreBenchmark.mode,
    BenchMode(name: "tui", summary: "terminal frames of remote moves: bytes and CPU against a full repaint") {
        TUIBenchmark.run(arguments: $0)
    },
    LoadMode.mode,
    RelayMode.mode,
    EchoMode.mode,
    NodeRelayMode.mode,
    SuiteMode.mode,
    SyscallsMode.mode,
    StoreBenchmark.mode,
    HistoryBenchmark.mode,
    TransferBenchmark.mode,
    ClusterBenchmark.mode,
    WebhookBenchmark.mode,
    ProfileMode.mode,
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let mode = modes.first(where: { $0.name == name }) else {
    var usage = "usage: board-bench <mode> [options]\nmodes:\n"
    for mode in modes { usage += "  \(mode.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(mode.summary)\n" }
    FileHandle.standardError.write(Data(usage.utf8))
    exit(arguments.isEmpty || arguments.first == "--help" ? 0 : 2)
}
exit(mode.run(Array(arguments.dropFirst())))
