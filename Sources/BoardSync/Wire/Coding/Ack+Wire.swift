extension ServerMessage.Ack {
    /// Reads an ack: a group's has `ops` (empty exactly when `noop` is true); any other has `op`,
    /// `null` exactly when `noop` is true.
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        let seq = try reader.integer("seq", minimum: 1)
        let version = try reader.integer("version")
        let op: Op?
        var ops: [Op]?
        if let value = try reader.lookUp("op") {
            op = value.isNull ? nil : try reader.nested("op", Op.init(wire:))
        } else if try reader.optionalValue("ops") != nil {
            op = nil
            ops = try reader.objects("ops", Op.init(wire:))
        } else {
            throw .missingField("op")
        }
        let noop = try reader.optionalBool("noop") ?? false
        let duplicate = try reader.optionalBool("duplicate") ?? false
        if let ops {
            if noop != ops.isEmpty {
                throw .conflictingFields("ack with \"noop\": true must have empty \"ops\", and only then")
            }
            self.init(seq: seq, version: version, ops: ops, duplicate: duplicate)
            return
        }
        if noop && op != nil { throw .conflictingFields("ack with \"noop\": true must have \"op\": null") }
        if !noop && op == nil { throw .conflictingFields("ack with \"op\": null must have \"noop\": true") }
        self.init(seq: seq, version: version, op: op, duplicate: duplicate)
    }

    /// Writes `op` (`null` for a no-op) or a group's `ops`, and `noop`/`duplicate` only when true.
    func write(to writer: inout JSONWriter) {
        writer.beginMessage("ack")
        writer.key("seq")
        writer.integer(seq)
        writer.key("version")
        writer.integer(version)
        if let ops {
            writer.key("ops")
            writer.beginArray()
            for op in ops { op.write(to: &writer) }
            writer.endArray()
        } else {
            writer.key("op")
            if let op { op.write(to: &writer) } else { writer.null() }
        }
        if noop {
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
