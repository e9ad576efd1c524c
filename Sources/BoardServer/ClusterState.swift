import BoardStore
import Foundation

/// How a server takes part in a cluster: several servers that share one store and serve the
/// same boards.
struct ClusterConfiguration {
    let store: any SharedBoardStore
    /// This server's name among the others, unique to this run of the process.
    let node: String
    /// Seconds after which a submit that could not be made durable is answered `unavailable`.
    var giveUpAfter = 10.0
    /// Seconds between polls of the store for commits that no hint announced.
    var pollEvery = 1.0
    /// Seconds a commit of unknown outcome is read back before the server stops trying to tell.
    var settleWithin = 15.0
    /// How the servers reach each other (nil: they learn of each other's commits by polling
    /// only, and see none of each other's clients).
    var channel: (any ClusterChannel)?
    /// Seconds after which a server not heard from is taken for dead.
    var nodeTimeout = 5.0
    /// Seconds a commit that lost races waits, holding the boards' heads, for the service
    /// thread to take up rebasing them; past that it commits the rest without them.
    var rebaseWait = 0.25

    /// A name no other server of the cluster has: the host's, the process id, the start time.
    static func defaultNodeName() -> String {
        let host = ProcessInfo.processInfo.hostName.prefix(32).map { $0.isLetter || $0.isNumber ? $0 : "-" }
        let started = Int(Date().timeIntervalSince1970 * 1000) % 1_000_000_000
        return "\(String(host))-\(ProcessInfo.processInfo.processIdentifier)-\(started)"
    }
}

/// What the service keeps for its part in a cluster; owned by the service thread.
final class ClusterState {
    let configuration: ClusterConfiguration
    let committer: ClusterCommitter
    /// Catch-up reads and polls, off the service thread, one at a time.
    let readQueue = DispatchQueue(label: "board-server.cluster-read")
    var scheduler = CommitScheduler()
    var retryArmed = false
    var pollArmed = false
    /// The boards of the commit under way with the ops it holds of each, and those it creates.
    var committing: [String: Int] = [:]
    var creating: Set<String> = []
    /// The boards of the commit under way that lost their race and were rebased inside it.
    var rebasedInCommit: Set<String> = []
    /// Boards known to be behind the store, to read the newer ops of.
    var behind: Set<String> = []
    var readInFlight = false
    /// When each other server was last heard from, and those taken for dead since.
    var lastHeard: [String: Double] = [:]
    var lostNodes: Set<String> = []
    /// Whether the channel hears the others.
    var listening = false
    var pollInFlight = false
    /// Counters for `/metrics`.
    var metrics = ClusterMetrics()

    init(_ configuration: ClusterConfiguration) {
        self.configuration = configuration
        self.committer = ClusterCommitter(store: configuration.store, settleWithin: configuration.settleWithin)
    }

    var store: any SharedBoardStore { configuration.store }
}
