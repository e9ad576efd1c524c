extension UpdateBatch: CustomStringConvertible {
    /// One line per non-empty kind of change, e.g. `item moves: 0.3->1.0, 2.1->2.4`;
    /// `no changes` for an empty batch.
    public var description: String {
        var lines: [String] = []
        func add<T: CustomStringConvertible>(_ name: String, _ entries: [T]) {
            guard !entries.isEmpty else { return }
            lines.append("\(name): " + entries.map { $0.description }.joined(separator: ", "))
        }
        add("section deletes", sectionDeletes)
        add("section inserts", sectionInserts)
        add("section moves", sectionMoves)
        add("section reloads", sectionReloads)
        add("moved section reloads", movedSectionReloads)
        add("item deletes", itemDeletes)
        add("item inserts", itemInserts)
        add("item moves", itemMoves)
        add("item reloads", itemReloads)
        add("moved item reloads", movedItemReloads)
        return lines.isEmpty ? "no changes" : lines.joined(separator: "\n")
    }
}
