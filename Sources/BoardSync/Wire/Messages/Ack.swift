extension ServerMessage {
    /// The answer to the author's `submit`: committed as `op` at `version`, or rebased to nothing
    /// (`op == nil`, sent as `"op": null, "noop": true`, with the current version).
    public struct Ack: Hashable, Sendable {
        public var seq: Int
        /// The version the op (a group's last member) made; the current one for a no-op.
        public var version: Int
        /// The op as committed; nil when the submit became a no-op, and for a group.
        public var op: Op?
        /// A group's committed members, exact and in order (empty when none was committed); nil
        /// for the ack of a single op.
        public var ops: [Op]?
        /// The seq was not above the client's `lastSeq`: the answer repeats the original outcome.
        public var duplicate: Bool

        public init(seq: Int, version: Int, op: Op?, duplicate: Bool = false) {
            self.seq = seq
            self.version = version
            self.op = op
            self.duplicate = duplicate
        }

        /// The ack of a group: its committed members, ending at `version`.
        public init(seq: Int, version: Int, ops: [Op], duplicate: Bool = false) {
            self.seq = seq
            self.version = version
            self.ops = ops
            self.duplicate = duplicate
        }

        /// Whether nothing was committed (the wire's `noop: true`).
        public var noop: Bool { ops.map { $0.isEmpty } ?? (op == nil) }

        /// What was committed, in order: the op, or a group's members.
        public var committed: [Op] { ops ?? (op.map { [$0] } ?? []) }
    }
}
