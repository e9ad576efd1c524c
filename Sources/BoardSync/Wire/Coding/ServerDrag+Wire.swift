extension ServerMessage.Drag {
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        let action = try reader.action(DragAction.self)
        let client = try ClientID(reader.string("client"))
        let user = try reader.string("user")
        let items = try reader.blockItems()
        let item: ItemID
        if let items { item = items[0] } else { item = ItemID(try reader.string("item")) }
        self.init(
            action: action, client: client, user: user, item: item,
            from: try reader.optionalNested("from", Position.init(wire:)),
            to: try reader.optionalNested("to", Position.init(wire:)),
            version: try reader.integer("version"),
            reason: try reader.optionalWord("reason", as: DragEndReason.self), items: items)
    }

    func write(to writer: inout JSONWriter) {
        writer.beginMessage("drag")
        writer.key("action")
        writer.string(action.rawValue)
        writer.key("client")
        writer.string(client.rawValue)
        writer.key("user")
        writer.string(user)
        if let items {
            writer.key("items")
            writer.identifiers(items)
        } else {
            writer.key("item")
            writer.string(item.rawValue)
        }
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
