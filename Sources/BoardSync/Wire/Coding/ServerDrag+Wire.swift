extension ServerMessage.Drag {
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        self.init(
            action: try reader.action(DragAction.self),
            client: try ClientID(reader.string("client")),
            user: try reader.string("user"),
            item: try ItemID(reader.string("item")),
            from: try reader.optionalNested("from", Position.init(wire:)),
            to: try reader.optionalNested("to", Position.init(wire:)),
            version: try reader.integer("version"),
            reason: try reader.optionalWord("reason", as: DragEndReason.self))
    }

    func write(to writer: inout JSONWriter) {
        writer.beginMessage("drag")
        writer.key("action")
        writer.string(action.rawValue)
        writer.key("client")
        writer.string(client.rawValue)
        writer.key("user")
        writer.string(user)
        writer.key("item")
        writer.string(item.rawValue)
        if let from {
            writer.key("from")
            from.write(to: &writer)
        }
        if let to {
            writer.key("to")
            to.write(to: &writer)
        }
        writer.key("version")
        writer.integer(version)
        if let reason {
            writer.key("reason")
            writer.string(reason.rawValue)
        }
        writer.endObject()
    }
}
