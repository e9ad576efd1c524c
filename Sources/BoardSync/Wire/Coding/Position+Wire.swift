extension Position {
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        self.init(section: try SectionID(reader.string("section")), index: try reader.integer("index"))
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("section")
        writer.string(section.rawValue)
        writer.key("index")
        writer.integer(index)
        writer.endObject()
    }
}
