extension Item {
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        self.init(id: try ItemID(reader.string("id")), label: try reader.string("label"))
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id")
        writer.string(id.rawValue)
        writer.key("label")
        writer.string(label)
        writer.endObject()
    }
}
