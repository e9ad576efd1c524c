import BoardSync

extension UpdateBatch {
    /// Every list of the batch under its Swift name, in the order of `UpdateBatch`'s fields:
    /// section lists hold indices or `{"from", "to"}` moves, cell lists hold
    /// `{"section", "item"}` paths or `{"from": path, "to": path}` moves. Deletes, moves' `from`
    /// and reloads name OLD indices; inserts, moves' `to` and moved reloads name NEW ones.
    func write(to writer: inout JSONWriter) {
        writer.openObject()
        writer.arrayField("sectionDeletes")
        Self.write(sectionDeletes, to: &writer)
        writer.arrayField("sectionInserts")
        Self.write(sectionInserts, to: &writer)
        writer.arrayField("sectionMoves")
        for move in sectionMoves {
            writer.openObject()
            writer.field("from", move.from)
            writer.field("to", move.to)
            writer.closeObject()
        }
        writer.closeArray()
        writer.arrayField("sectionReloads")
        Self.write(sectionReloads, to: &writer)
        writer.arrayField("movedSectionReloads")
        Self.write(movedSectionReloads, to: &writer)
        writer.arrayField("itemDeletes")
        Self.write(itemDeletes, to: &writer)
        writer.arrayField("itemInserts")
        Self.write(itemInserts, to: &writer)
        writer.arrayField("itemMoves")
        for move in itemMoves {
            writer.openObject()
            writer.key("from")
            move.from.write(to: &writer)
            writer.key("to")
            move.to.write(to: &writer)
            writer.closeObject()
        }
        writer.closeArray()
        writer.arrayField("itemReloads")
        Self.write(itemReloads, to: &writer)
        writer.arrayField("movedItemReloads")
        Self.write(movedItemReloads, to: &writer)
        writer.closeObject()
    }

    /// The elements of an opened array, then its end.
    private static func write(_ indices: [Int], to writer: inout JSONWriter) {
        for index in indices { writer.element(index) }
        writer.closeArray()
    }

    private static func write(_ paths: [CellPath], to writer: inout JSONWriter) {
        for path in paths { path.write(to: &writer) }
        writer.closeArray()
    }
}

extension CellPath {
    func write(to writer: inout JSONWriter) {
        writer.openObject()
        writer.field("section", section)
        writer.field("item", item)
        writer.closeObject()
    }
}
