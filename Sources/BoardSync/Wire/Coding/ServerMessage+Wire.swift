extension ServerMessage {
    /// Reads a server message object.
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        let type = try reader.string("type")
        switch type {
        case "welcome": self = .welcome(try Welcome(wire: &reader))
        case "ack": self = .ack(try Ack(wire: &reader))
        case "op": self = .op(try SequencedOp(opMessage: &reader))
        case "drag": self = .drag(try Drag(wire: &reader))
        case "presence": self = .presence(try Presence(wire: &reader))
        case "error": self = .error(try ErrorReport(wire: &reader))
        default: throw .unknownType(type)
        }
    }

    /// Writes the message: `type` first, then the fields in the order of the protocol's table.
    func write(to writer: inout JSONWriter) {
        switch self {
        case .welcome(let welcome): welcome.write(to: &writer)
        case .ack(let ack): ack.write(to: &writer)
        case .op(let committed): committed.writeOpMessage(to: &writer)
        case .drag(let drag): drag.write(to: &writer)
        case .presence(let presence): presence.write(to: &writer)
        case .error(let report): report.write(to: &writer)
        }
    }
}
