/// What a server whose store others share counts of its commits, for `GET /metrics`: the races
/// it lost to other servers, how many in a row a board's ops went through before they were
/// committed, commits that stored nothing, and submits given up. Rendered only for such a store:
/// with a store of its own they all stay 0.
struct RaceMetrics {
    var racesLost: UInt64 = 0
    var commitFailures: UInt64 = 0
    var submitsGivenUp: UInt64 = 0
    /// Races a board lost in a row before a commit of its ops went through (0: the first try).
    var racesLostBeforeCommit = Histogram(bounds: [0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024])

    /// The lines of these figures in the text exposition format.
    func render() -> String {
        var text = ""
        func counter(_ name: String, _ help: String, _ value: UInt64) {
            text += "# HELP \(name) \(help)\n# TYPE \(name) counter\n\(name) \(value)\n"
        }
        counter(
            "boardsync_cluster_races_lost_total", "Boards of a commit left out because another node committed first.",
            racesLost)
        counter("boardsync_cluster_commit_failures_total", "Commits that stored nothing.", commitFailures)
        counter(
            "boardsync_cluster_submits_given_up_total", "Submits answered unavailable after the node gave up.",
            submitsGivenUp)
        text += racesLostBeforeCommit.render(
            name: "boardsync_cluster_races_lost_before_commit",
            help: "Races a board lost in a row before a commit of its ops went through.")
        return text
    }
}
