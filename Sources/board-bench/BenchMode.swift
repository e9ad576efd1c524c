/// One benchmark mode of `board-bench`: its subcommand name, a one-line summary for the usage
/// text, and the entry point that receives the remaining arguments and returns the exit status.
struct BenchMode: Sendable {
    let name: String
    let summary: String
    let run: @Sendable ([String]) -> Int32
}
