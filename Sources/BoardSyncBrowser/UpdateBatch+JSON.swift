import BoardSync

extension UpdateBatch {
    /// Every list of the batch under its Swift name, in the order of `UpdateBatch`'s fields:
    /// section lists hold indices or `{"from", "to"}` moves, cell lists hold
    /// `{"section", "item"}` paths or `{"from": path, "to": path}` moves. Deletes, moves' `from`
    /// and reloads name OLD indices; inserts, moves' `to` and moved reloads name NEW ones.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("sectionDeletes")
        Self.write(sectionDeletes, to: &writer)
        writer.key("sectionInserts")
        Self.write(sectionInserts, to: &writer)
        writer.key("sectionMoves")
        writer.beginArray()
        for move in sectionMoves {
            writer.beginObject()
            writer.key("from")
            writer.integer(move.from)
            writer.key("to")
            writer.integer(move.to)
            writer.endObject()
        }
        writer.endArray()
        writer.key("sectionReloads")
        Self.write(sectionReloads, to: &writer)
        writer.key("movedSectionReloads")
        Self.write(movedSectionReloads, to: &writer)
        writer.key("itemDeletes")
        Self.write(itemDeletes, to: &writer)
        writer.key("itemInserts")
        Self.write(itemInserts, to: &writer)
        writer.key("itemMoves")
        writer.beginArray()
        for move in itemMoves {
            writer.beginObject()
            writer.key("from")
            move.from.write(to: &writer)
            writer.key("to")
            move.to.write(to: &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.key("itemReloads")
        Self.write(itemReloads, to: &writer)
        writer.key("movedItemReloads")
        Self.write(movedItemReloads, to: &writer)
        writer.endObject()
    }

    private static func write(_ indices: [Int], to writer: inout JSONWriter) {
        writer.beginArray()
        for index in indices { writer.integer(index) }
        writer.endArray()
    }

    private static func write(_ paths: [CellPath], to writer: inout JSONWriter) {
        writer.beginArray()
        for path in paths { path.write(to: &writer) }
        writer.endArray()
    }
}

extension CellPath {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("section")
        writer.integer(section)
        writer.key("item")
        writer.integer(item)
        writer.endObject()
    }
}
