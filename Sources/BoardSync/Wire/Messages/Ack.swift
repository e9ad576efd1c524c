extension ServerMessage {
    /// The answer to the author's `submit`: committed as `op` at `version`, or rebased to nothing
    /// (`op == nil`, sent as `"op": null, "noop": true`, with the current version).
    public struct Ack: Hashable, Sendable {
        public var seq: Int
        public var version: Int
        /// The op as committed; nil when the submit became a no-op.
        public var op: Op?
        /// The seq was not above the client's `lastSeq`: the answer repeats the original outcome.
        public var duplicate: Bool

        public init(seq: Int, version: Int, op: Op?, duplicate: Bool = false) {
            self.seq = seq
            self.version = version
            self.op = op
            self.duplicate = duplicate
        }

        /// Whether the submit was rebased to nothing (the wire's `noop: true`).
        public var noop: Bool { op == nil }
    }
}
