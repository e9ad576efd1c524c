extension ServerMessage.CommittedOp {
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        self.init(
            version: try reader.integer("version"), client: try ClientID(reader.string("client")),
            user: try reader.string("user"), op: try reader.nested("op", Op.init(wire:)),
            group: try reader.optionalNested("group", GroupSpan.init(wire:)))
        if let group, !(group.first...group.last).contains(version) {
            throw .conflictingFields("an op's version must be within its group")
        }
    }

    func write(to writer: inout JSONWriter) {
        writer.beginMessage("op")
        writer.key("version")
        writer.integer(version)
        writer.key("client")
        writer.string(client.rawValue)
        writer.key("user")
        writer.string(user)
        writer.key("op")
        op.write(to: &writer)
        if let group {
            writer.key("group")
            group.write(to: &writer)
        }
        writer.endObject()
    }
}

extension GroupSpan {
    /// Reads `{"first": V, "count": N}`, with `first` at least 1 and `count` from 1 to 500.
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        let first = try reader.integer("first", minimum: 1)
        let count = try reader.integer("count", minimum: 1)
        guard count <= ClientMessage.Submit.maxGroupMembers else { throw .outOfRange("count") }
        self.init(first: first, count: count)
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("first")
        writer.integer(first)
        writer.key("count")
        writer.integer(count)
        writer.endObject()
    }
}
