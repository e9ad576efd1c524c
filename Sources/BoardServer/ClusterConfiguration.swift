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
