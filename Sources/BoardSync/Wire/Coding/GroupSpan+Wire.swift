extension GroupSpan {
    /// Reads `{"first": V, "count": N}`, with `first` at least 1 and `count` from 1 to 500, and
    /// `restores` (a version below `first`) when the group was a restore.
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        let first = try reader.integer("first", minimum: 1)
        let count = try reader.integer("count", minimum: 1)
        guard count <= ClientMessage.Submit.maxGroupMembers else { throw .outOfRange("count") }
        let restores = try reader.optionalInteger("restores")
        if let restores, restores >= first { throw .outOfRange("restores") }
        self.init(first: first, count: count, restores: restores)
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("first")
        writer.integer(first)
        writer.key("count")
        writer.integer(count)
        if let restores {
            writer.key("restores")
            writer.integer(restores)
        }
        writer.endObject()
    }
}
