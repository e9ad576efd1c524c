extension Board {
    /// Reads a board snapshot (protocol section 3).
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        self.init(
            id: try reader.boardName("id"),
            version: try reader.integer("version"),
            sections: try reader.objects("sections", Section.init(wire:)))
    }

    /// Writes the snapshot: `id`, `version`, `sections`.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writeMembers(to: &writer)
        writer.endObject()
    }

    /// Writes the snapshot's members into an object the caller opened and closes.
    func writeMembers(to writer: inout JSONWriter) {
        writer.key("id")
        writer.string(id.rawValue)
        writer.key("version")
        writer.integer(version)
        writer.key("sections")
        writer.beginArray()
        for section in sections { section.write(to: &writer) }
        writer.endArray()
    }
}

extension Section {
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        self.init(
            id: try SectionID(reader.string("id")), title: try reader.string("title"),
            items: try reader.objects("items", Item.init(wire:)))
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id")
        writer.string(id.rawValue)
        writer.key("title")
        writer.string(title)
        writer.key("items")
        writer.beginArray()
        for item in items { item.write(to: &writer) }
        writer.endArray()
        writer.endObject()
    }
}
