import BoardSync
import Foundation
import TestSupport
import Testing

/// Builds a view from a picture like `"s1: a b c | s2: d e"`: sections separated by `|`, each a
/// section id, a colon and cell ids. Titles are the section id upper-cased; labels the cell id.
func view(_ picture: String) -> BoardView {
    let sections = picture.split(separator: "|").map { part -> ViewSection in
        let halves = part.split(separator: ":", maxSplits: 1)
        let id = halves[0].trimmingCharacters(in: .whitespaces)
        let cellIDs = halves.count > 1 ? halves[1].split(separator: " ").map(String.init) : []
        return ViewSection(
            id: SectionID(id), title: id.uppercased(), cells: cellIDs.map { ViewCell(id: ItemID($0), label: $0) })
    }
    return BoardView(sections: sections)
}

/// The batch between the views, after checking that replaying it on `old` gives `new` and that
/// every reload names a real content change.
func checkedBatch(
    _ old: BoardView, _ new: BoardView, seed: UInt64? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> UpdateBatch {
    let batch = UpdateBatch.between(old: old, new: new)
    let context: Comment = "seed \(seed.map(String.init) ?? "none")\nold \(old)\nnew \(new)\nbatch \(batch)"
    do {
        let replayed = try BatchReplay.apply(batch, to: old, contentFrom: new)
        #expect(replayed == new, context, sourceLocation: sourceLocation)
    } catch {
        Issue.record("replay failed: \(error); \(context)", sourceLocation: sourceLocation)
    }
    for path in batch.itemReloads {
        let before = old.sections[path.section].cells[path.item]
        let after = new.sections.flatMap(\.cells).first { $0.id == before.id }
        #expect(after.map(before.hasDifferentContent(from:)) == true, context, sourceLocation: sourceLocation)
    }
    for index in batch.sectionReloads {
        let after = new.sections.first { $0.id == old.sections[index].id }
        #expect(after?.title != old.sections[index].title, context, sourceLocation: sourceLocation)
    }
    return batch
}

/// Random boards and random edits of them, drawn from a seeded generator.
struct BoardScenario {
    var generator: SeededGenerator
    private var nextID = 0

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    private mutating func freshID(_ prefix: String) -> String {
        nextID += 1
        return "\(prefix)\(nextID)"
    }

    mutating func board(maxSections: Int, maxCells: Int) -> BoardView {
        let sectionCount = Int.random(in: 0...maxSections, using: &generator)
        var sections: [ViewSection] = []
        for _ in 0..<sectionCount {
            let id = freshID("s")
            let cells = (0..<Int.random(in: 0...maxCells, using: &generator)).map { _ -> ViewCell in
                let cellID = freshID("c")
                return ViewCell(id: ItemID(cellID), label: cellID)
            }
            sections.append(ViewSection(id: SectionID(id), title: id, cells: cells))
        }
        return BoardView(sections: sections)
    }

    /// Applies `count` random edits; `maxCells` bounds every section's size.
    mutating func edit(_ view: BoardView, count: Int, maxSections: Int, maxCells: Int) -> BoardView {
        var view = view
        for _ in 0..<count { edit(&view, maxSections: maxSections, maxCells: maxCells) }
        return view
    }

    private mutating func randomCell(in view: BoardView) -> CellPath? {
        let filled = view.sections.indices.filter { !view.sections[$0].cells.isEmpty }
        guard let section = filled.randomElement(using: &generator) else { return nil }
        return CellPath(section: section, item: Int.random(in: view.sections[section].cells.indices, using: &generator))
    }

    private mutating func edit(_ view: inout BoardView, maxSections: Int, maxCells: Int) {
        let holders = [
            DragHolder(client: "c1", user: "ann", isLocal: true), DragHolder(client: "c2", user: "bob", isLocal: false),
        ]
        switch Int.random(in: 0..<11, using: &generator) {
        case 0, 1:  // move a cell, possibly to another section
            guard let from = randomCell(in: view) else { return }
            let target = Int.random(in: view.sections.indices, using: &generator)
            guard target == from.section || view.sections[target].cells.count < maxCells else { return }
            let cell = view.sections[from.section].cells.remove(at: from.item)
            let index = Int.random(in: 0...view.sections[target].cells.count, using: &generator)
            view.sections[target].cells.insert(cell, at: index)
        case 2:  // insert a cell
            let candidates = view.sections.indices.filter { view.sections[$0].cells.count < maxCells }
            guard let section = candidates.randomElement(using: &generator) else { return }
            let id = freshID("c")
            let index = Int.random(in: 0...view.sections[section].cells.count, using: &generator)
            view.sections[section].cells.insert(ViewCell(id: ItemID(id), label: id), at: index)
        case 3:  // delete a cell
            guard let path = randomCell(in: view) else { return }
            view.sections[path.section].cells.remove(at: path.item)
        case 4:  // relabel a cell
            guard let path = randomCell(in: view) else { return }
            view.sections[path.section].cells[path.item].label = freshID("label")
        case 5:  // pick up or put down a cell
            guard let path = randomCell(in: view) else { return }
            let current = view.sections[path.section].cells[path.item].holder
            view.sections[path.section].cells[path.item].holder =
                current == nil ? holders.randomElement(using: &generator) : nil
        case 6:  // insert a section, sometimes taking a cell from elsewhere with it
            guard view.sections.count < maxSections else { return }
            let id = freshID("s")
            var cells: [ViewCell] = []
            if Bool.random(using: &generator), let path = randomCell(in: view) {
                cells.append(view.sections[path.section].cells.remove(at: path.item))
            }
            let fresh = freshID("c")
            cells.append(ViewCell(id: ItemID(fresh), label: fresh))
            view.sections.insert(
                ViewSection(id: SectionID(id), title: id, cells: cells),
                at: Int.random(in: 0...view.sections.count, using: &generator))
        case 7:  // delete a section, sometimes rescuing one of its cells into another section
            guard !view.sections.isEmpty else { return }
            let index = Int.random(in: view.sections.indices, using: &generator)
            let removed = view.sections.remove(at: index)
            if Bool.random(using: &generator), let rescued = removed.cells.randomElement(using: &generator),
                let target = view.sections.indices.filter({ view.sections[$0].cells.count < maxCells })
                    .randomElement(using: &generator)
            {
                let at = Int.random(in: 0...view.sections[target].cells.count, using: &generator)
                view.sections[target].cells.insert(rescued, at: at)
            }
        case 8, 9:  // move a section
            guard !view.sections.isEmpty else { return }
            let section = view.sections.remove(at: Int.random(in: view.sections.indices, using: &generator))
            view.sections.insert(section, at: Int.random(in: 0...view.sections.count, using: &generator))
        default:  // rename a section
            guard !view.sections.isEmpty else { return }
            view.sections[Int.random(in: view.sections.indices, using: &generator)].title = freshID("title")
        }
    }
}
