extension ServerMessage.Presence {
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        self.init(
            action: try reader.action(PresenceAction.self), client: try ClientID(reader.string("client")),
            user: try reader.string("user"))
    }

    func write(to writer: inout JSONWriter) {
        writer.beginMessage("presence")
        writer.key("action")
        writer.string(action.rawValue)
        writer.key("client")
        writer.string(client.rawValue)
        writer.key("user")
        writer.string(user)
        writer.endObject()
    }
}
