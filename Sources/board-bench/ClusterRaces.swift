import WebSocketTransport

/// The races the nodes of a cluster lost while a row ran, from their `/metrics`: races lost per
/// committed board and the most a board lost in a row before its ops went through. A node
/// that lost a race rebases and commits again, one more round trip each time; a board that
/// loses many in a row is what makes the long delivery tails of a hot board.
struct ClusterRaces {
    var lost = 0.0
    /// Commits of a board's ops (the histogram's count) and how many of them went through
    /// after at most each bound of races lost in a row (its cumulative buckets).
    var commits = 0.0
    var within: [Double: Double] = [:]

    /// The sum of every node's figures so far; nil when a node does not answer.
    static func read(_ nodes: [String], context: ClientContext) -> ClusterRaces? {
        var races = ClusterRaces()
        for node in nodes {
            guard let url = WebSocketURL(node + "/metrics"),
                let response = try? BlockingHTTPGet.get(url, timeout: 10, context: context), response.status == 200
            else { return nil }
            for line in String(decoding: response.body, as: UTF8.self).split(separator: "\n") {
                let fields = line.split(separator: " ")
                guard fields.count == 2, let value = Double(fields[1]) else { continue }
                let name = fields[0]
                if name == "boardsync_cluster_races_lost_total" {
                    races.lost += value
                } else if name == "boardsync_cluster_races_lost_before_commit_count" {
                    races.commits += value
                } else if name.hasPrefix("boardsync_cluster_races_lost_before_commit_bucket{le=\""),
                    let bound = Double(name.dropFirst(54).dropLast(2)), bound.isFinite
                {
                    races.within[bound, default: 0] += value
                }
            }
        }
        return races
    }

    /// What happened between `earlier` and these figures.
    func since(_ earlier: ClusterRaces) -> ClusterRaces {
        ClusterRaces(
            lost: lost - earlier.lost, commits: commits - earlier.commits,
            within: within.merging(earlier.within.mapValues { -$0 }) { $0 + $1 })
    }

    /// Races lost per commit that went through.
    var lostPerCommit: Double { lost / max(commits, 1) }

    /// The smallest bound of the histogram that every commit stayed within ("more" above the last).
    var mostInARow: String {
        guard commits > 0 else { return "–" }
        guard let bound = within.keys.sorted().first(where: { within[$0]! >= commits }) else { return "more" }
        return "≤ \(Int(bound))"
    }
}
