extension Item {
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        self.init(id: try reader.string("id"), label: try reader.string("label"))
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id")
        writer.string(id)
        writer.key("label")
        writer.string(label)
        writer.endObject()
    }
}
