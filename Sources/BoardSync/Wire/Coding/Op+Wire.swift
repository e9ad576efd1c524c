extension Op {
    /// Reads an op object (`kind` and the fields of protocol section 4).
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        let kind = try reader.string("kind")
        switch kind {
        case "insert":
            self = .insert(
                item: try reader.nested("item", Item.init(wire:)), to: try reader.nested("to", Position.init(wire:)))
        case "move":
            self = .move(
                item: try ItemID(reader.string("item")),
                from: try reader.nested("from", Position.init(wire:)),
                to: try reader.nested("to", Position.init(wire:)))
        case "delete":
            self = .delete(
                item: try ItemID(reader.string("item")), from: try reader.nested("from", Position.init(wire:)))
        case "update":
            self = .update(item: try ItemID(reader.string("item")), label: try reader.string("label"))
        case "insertSection":
            self = .insertSection(
                section: try reader.nested("section", SectionHeader.init(wire:)), index: try reader.integer("index"))
        case "moveSection":
            self = .moveSection(
                section: try SectionID(reader.string("section")), from: try reader.integer("from"),
                index: try reader.integer("index"))
        case "renameSection":
            self = .renameSection(section: try SectionID(reader.string("section")), title: try reader.string("title"))
        case "deleteSection":
            self = .deleteSection(section: try SectionID(reader.string("section")), from: try reader.integer("from"))
        default:
            throw .unknownKind(kind)
        }
    }

    /// Writes the op object, `kind` first and then the fields in the order of protocol section 4.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("kind")
        writer.string(kind)
        switch self {
        case .insert(let item, let to):
            writer.key("item")
            item.write(to: &writer)
            writer.key("to")
            to.write(to: &writer)
        case .move(let item, let from, let to):
            writer.key("item")
            writer.string(item.rawValue)
            writer.key("from")
            from.write(to: &writer)
            writer.key("to")
            to.write(to: &writer)
        case .delete(let item, let from):
            writer.key("item")
            writer.string(item.rawValue)
            writer.key("from")
            from.write(to: &writer)
        case .update(let item, let label):
            writer.key("item")
            writer.string(item.rawValue)
            writer.key("label")
            writer.string(label)
        case .insertSection(let section, let index):
            writer.key("section")
            writer.beginObject()
            writer.key("id")
            writer.string(section.id.rawValue)
            writer.key("title")
            writer.string(section.title)
            writer.endObject()
            writer.key("index")
            writer.integer(index)
        case .moveSection(let section, let from, let index):
            writer.key("section")
            writer.string(section.rawValue)
            writer.key("from")
            writer.integer(from)
            writer.key("index")
            writer.integer(index)
        case .renameSection(let section, let title):
            writer.key("section")
            writer.string(section.rawValue)
            writer.key("title")
            writer.string(title)
        case .deleteSection(let section, let from):
            writer.key("section")
            writer.string(section.rawValue)
            writer.key("from")
            writer.integer(from)
        }
        writer.endObject()
    }
}

extension SectionHeader {
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        self.init(id: try SectionID(reader.string("id")), title: try reader.string("title"))
    }
}
