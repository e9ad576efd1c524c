/// What a webhook body says besides its ops (protocol 1.2 section 12): the board, and the
/// version, client, user, commit time and group of the first op it announces.
public struct WebhookBodyHead: Sendable, Equatable {
    public var board: BoardName
    public var version: Int
    public var client: ClientID
    public var user: String
    public var committedAt: CommitTime
    /// The group of the ops, or nil for an op committed alone.
    public var group: GroupSpan?

    public init(
        board: BoardName, version: Int, client: ClientID, user: String, committedAt: CommitTime, group: GroupSpan?
    ) {
        self.board = board
        self.version = version
        self.client = client
        self.user = user
        self.committedAt = committedAt
        self.group = group
    }
}

extension WireCodec {
    /// The body of one webhook delivery (protocol 1.2 section 12): `board`, then the `version`,
    /// `client`, `user` and `at` (its commit time) of the first of `ops`, then `op` for an op
    /// committed alone, or `ops` (each member's op, in version order) and `group` for the members
    /// of a group. `ops` holds one op committed alone or every member of one group, each with
    /// its commit time; an empty list gives an empty body.
    public static func encodeWebhookBody(board: BoardName, ops: [SequencedOp]) -> [UInt8] {
        guard let first = ops.first else { return [] }
        let head = WebhookBodyHead(
            board: board, version: first.version, client: first.client, user: first.user,
            committedAt: first.committedAt ?? CommitTime(milliseconds: 0), group: first.group)
        return encodeWebhookBody(head: head, count: ops.count) { index, writer in ops[index].op.write(to: &writer) }
    }

    /// The same body for ops given already encoded, each the one JSON value `encodeOp` made of
    /// it (as a store keeps them), written as they are: no op is decoded to be written again.
    public static func encodeWebhookBody(head: WebhookBodyHead, encodedOps: [[UInt8]]) -> [UInt8] {
        guard !encodedOps.isEmpty else { return [] }
        return encodeWebhookBody(head: head, count: encodedOps.count) { index, writer in
            writer.encodedValue(encodedOps[index])
        }
    }

    private static func encodeWebhookBody(
        head: WebhookBodyHead, count: Int, writeOp: (Int, inout JSONWriter) -> Void
    ) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: messageCapacity * count)
        writer.beginObject()
        writer.key("board")
        writer.string(head.board.rawValue)
        writer.key("version")
        writer.integer(head.version)
        writer.key("client")
        writer.string(head.client.rawValue)
        writer.key("user")
        writer.string(head.user)
        writer.key("at")
        writer.string(head.committedAt.rfc3339)
        if let group = head.group {
            writer.key("ops")
            writer.beginArray()
            for index in 0..<count { writeOp(index, &writer) }
            writer.endArray()
            writer.key("group")
            group.write(to: &writer)
        } else {
            writer.key("op")
            writeOp(0, &writer)
        }
        writer.endObject()
        return writer.bytes
    }
}
