extension SequencedOp {
    /// Reads the fields of an `op` message (`version`, `client`, `user`, `op`, and `group` for a
    /// member of one): the record without its `seq` and commit time, which the message does not
    /// carry.
    init<Reader: FieldReading>(opMessage reader: inout Reader) throws(WireError) {
        self.init(
            version: try reader.integer("version"), client: try ClientID(reader.string("client")),
            user: try reader.string("user"), seq: 0, op: try reader.nested("op", Op.init(wire:)),
            group: try reader.optionalNested("group", GroupSpan.init(wire:)))
        try checkGroup()
    }

    /// Reads a history entry (`version` from 1, `client`, `user`, `at`, `op`): the record without
    /// its `seq`.
    init<Reader: FieldReading>(historyEntry reader: inout Reader) throws(WireError) {
        let text = try reader.string("at")
        guard let at = CommitTime(rfc3339: text) else { throw .unknownValue(field: "at", value: text) }
        self.init(
            version: try reader.integer("version", minimum: 1), client: try ClientID(reader.string("client")),
            user: try reader.string("user"), seq: 0, op: try reader.nested("op", Op.init(wire:)),
            group: try reader.optionalNested("group", GroupSpan.init(wire:)), committedAt: at)
        try checkGroup()
    }

    /// Refuses a group that does not hold the op's own version.
    private func checkGroup() throws(WireError) {
        if let group, !(group.first...group.last).contains(version) {
            throw .conflictingFields("an op's version must be within its group")
        }
    }

    /// Writes the record as an `op` message.
    func writeOpMessage(to writer: inout JSONWriter) {
        writer.beginMessage("op")
        writeFields(to: &writer, time: false)
        writer.endObject()
    }

    /// Writes the record as a history entry (its commit time as `at`), with `text` (its words)
    /// after the protocol's fields when given.
    func writeHistoryEntry(to writer: inout JSONWriter, text: String? = nil) {
        writer.beginObject()
        writeFields(to: &writer, time: true)
        if let text {
            writer.key("text")
            writer.string(text)
        }
        writer.endObject()
    }

    /// `version`, `client`, `user`, then `at` when `time` is set and the record has a commit
    /// time, then `op`, then `group` for a member of one.
    private func writeFields(to writer: inout JSONWriter, time: Bool) {
        writer.key("version")
        writer.integer(version)
        writer.key("client")
        writer.string(client.rawValue)
        writer.key("user")
        writer.string(user)
        if time, let committedAt {
            writer.key("at")
            writer.string(committedAt.rfc3339)
        }
        writer.key("op")
        op.write(to: &writer)
        if let group {
            writer.key("group")
            group.write(to: &writer)
        }
    }
}
