/// What a client keeps of a session so that a reload, a closed tab or a restart loses nothing:
/// the last committed board it had, its client id, the last seq the server acknowledged, the next
/// seq it would give, and its pending edits, each with its seq once it was given one. A session
/// made again from it (`ClientSession(restoring:)`) says `hello` with the same client id and
/// `since`, and submits its pending edits again, rebased, under the same seqs, so that the
/// server's duplicate detection (protocol section 5, "Reconnecting") never commits one twice.
public struct SavedSession: Hashable, Sendable {
    /// One pending entry: the ops one submit carries, in order, whether they go as a group
    /// (protocol 10.1) and, for a restore, the version it restores, and the seq that submit was given (nil while it waits in the queue and was
    /// never sent). An entry that is not a group holds one op, or none when its op became void by
    /// rebasing: it keeps its seq, since the server may still answer it. A group is kept without
    /// what the person meant by it: refused after a reload, it is reported instead of worked out
    /// again.
    public struct Pending: Hashable, Sendable {
        public var seq: Int?
        public var ops: [Op]
        public var group: Bool
        /// The version a restore group puts the board back to (sent as `restores`).
        public var restores: Int?

        public init(seq: Int?, ops: [Op], group: Bool = false, restores: Int? = nil) {
            self.seq = seq
            self.ops = ops
            self.group = group
            self.restores = restores
        }
    }

    public var board: BoardName
    public var user: String
    public var client: ClientID
    /// The board as the server committed it, at its version; the pending ops are expressed
    /// against it.
    public var committed: Board
    /// The highest seq the server acknowledged.
    public var lastSeq: Int
    /// The seq the next submit is given.
    public var nextSeq: Int
    /// The pending entries in the order they are sent: the one in flight first, when there is one.
    public var pending: [Pending]

    public init(
        board: BoardName, user: String, client: ClientID, committed: Board, lastSeq: Int, nextSeq: Int,
        pending: [Pending]
    ) {
        self.board = board
        self.user = user
        self.client = client
        self.committed = committed
        self.lastSeq = lastSeq
        self.nextSeq = nextSeq
        self.pending = pending
    }

    /// How long a shell may wait before keeping a change of the committed board alone (nothing
    /// pending changed): a long board is written once for a burst of other people's changes
    /// (about 1 ms of the page's main thread for 1,000 tiles), and what such a write would keep
    /// is other people's work, which the server holds and the next welcome brings back. A shell
    /// also keeps it when the person leaves.
    public static let boardChangeDelay = 10.0
}
