extension WireCodec {
    /// The body of one webhook delivery (protocol 1.2 section 12): `board`, then the `version`,
    /// `client`, `user` and `at` (its commit time) of the first of `ops`, then `op` for an op
    /// committed alone, or `ops` (each member's op, in version order) and `group` for the members
    /// of a group. `ops` holds one op committed alone or every member of one group, each with
    /// its commit time; an empty list gives an empty body.
    public static func encodeWebhookBody(board: BoardName, ops: [SequencedOp]) -> [UInt8] {
        guard let first = ops.first else { return [] }
        var writer = JSONWriter(reservingCapacity: messageCapacity * ops.count)
        writer.beginObject()
        writer.key("board")
        writer.string(board.rawValue)
        writer.key("version")
        writer.integer(first.version)
        writer.key("client")
        writer.string(first.client.rawValue)
        writer.key("user")
        writer.string(first.user)
        writer.key("at")
        writer.string((first.committedAt ?? CommitTime(milliseconds: 0)).rfc3339)
        if let group = first.group {
            writer.key("ops")
            writer.beginArray()
            for member in ops { member.op.write(to: &writer) }
            writer.endArray()
            writer.key("group")
            group.write(to: &writer)
        } else {
            writer.key("op")
            first.op.write(to: &writer)
        }
        writer.endObject()
        return writer.bytes
    }
}
