extension ServerMessage.CommittedOp {
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        self.init(
            version: try reader.integer("version"), client: try ClientID(reader.string("client")),
            user: try reader.string("user"), op: try reader.nested("op", Op.init(wire:)))
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
        writer.endObject()
    }
}
