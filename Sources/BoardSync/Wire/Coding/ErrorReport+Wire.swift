extension ServerMessage.ErrorReport {
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        self.init(
            code: try reader.word("code", as: ErrorCode.self), message: try reader.string("message"),
            seq: try reader.optionalInteger("seq", minimum: 1),
            item: try reader.optionalString("item").map(ItemID.init),
            index: try reader.optionalInteger("index"))
    }

    func write(to writer: inout JSONWriter) {
        writer.beginMessage("error")
        writer.key("code")
        writer.string(code.rawValue)
        writer.key("message")
        writer.string(message)
        if let seq {
            writer.key("seq")
            writer.integer(seq)
        }
        if let item {
            writer.key("item")
            writer.string(item.rawValue)
        }
        if let index {
            writer.key("index")
            writer.integer(index)
        }
        writer.endObject()
    }
}
