import Foundation

let benchArguments = Array(CommandLine.arguments.dropFirst())
switch benchArguments.first {
case "tui":
    exit(TUIBenchmark.run(arguments: Array(benchArguments.dropFirst())))
default:
    print("board-bench 0.1.0")
    print("modes: tui [MOVES]")
}
