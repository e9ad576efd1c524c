extension ServerMessage.Ack {
    /// Reads an ack; `op` must be present, and `null` exactly when `noop` is true.
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        let seq = try reader.integer("seq", minimum: 1)
        let version = try reader.integer("version")
        let op: Op? =
            try reader.value("op").isNull ? nil : try reader.nested("op", Op.init(wire:))
        let noop = try reader.optionalBool("noop") ?? false
        if noop && op != nil { throw .conflictingFields("ack with \"noop\": true must have \"op\": null") }
        if !noop && op == nil { throw .conflictingFields("ack with \"op\": null must have \"noop\": true") }
        self.init(seq: seq, version: version, op: op, duplicate: try reader.optionalBool("duplicate") ?? false)
    }

    /// Writes `op` as `null` for a no-op, and `noop`/`duplicate` only when true.
    func write(to writer: inout JSONWriter) {
        writer.beginMessage("ack")
        writer.key("seq")
        writer.integer(seq)
        writer.key("version")
        writer.integer(version)
        writer.key("op")
        if let op {
            op.write(to: &writer)
        } else {
            writer.null()
            writer.key("noop")
            writer.bool(true)
        }
        if duplicate {
            writer.key("duplicate")
            writer.bool(true)
        }
        writer.endObject()
    }
}
