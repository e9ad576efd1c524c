import BoardSync
import TestSupport

/// Random boards and random valid operations on them, for the rebase property tests.
enum RebaseRandomOps {
    private enum Kind {
        case insert, move, delete, update, insertSection, moveSection, renameSection, deleteSection
    }

    /// A board of up to four sections holding up to five items each; "gone" and "old" were deleted.
    static func state(using rng: inout SeededGenerator) -> BoardState {
        let sectionCount = Int.random(in: 0...8, using: &rng) == 0 ? 0 : Int.random(in: 1...4, using: &rng)
        var nextItem = 0
        let sections = (0..<sectionCount).map { s in
            let items = (0..<Int.random(in: 0...5, using: &rng)).map { _ in
                defer { nextItem += 1 }
                return Item(id: "i\(nextItem)", label: "x")
            }
            return Section(id: "s\(s)", title: "T", items: items)
        }
        let board = Board(id: "random", version: Int.random(in: 0...20, using: &rng), sections: sections)
        return BoardState(board: board, usedIDs: ["gone": .item, "old": .section])
    }

    /// A random operation that passes the checks on `state`; a new item or section gets `newID`.
    /// Moves are drawn more often than the other kinds.
    static func op(on state: BoardState, newID: String, using rng: inout SeededGenerator) -> Op {
        let board = state.board
        let items = board.sections.flatMap { section in
            section.items.indices.map { (id: section.items[$0].id, at: Position(section: section.id, index: $0)) }
        }
        var kinds: [Kind] = [.insertSection]
        if !board.sections.isEmpty {
            kinds += [.insert, .insert, .moveSection, .moveSection, .moveSection, .renameSection, .deleteSection]
        }
        if !items.isEmpty { kinds += [.move, .move, .move, .move, .move, .move, .delete, .delete, .update] }

        let sectionIndex = board.sections.isEmpty ? 0 : Int.random(in: board.sections.indices, using: &rng)
        switch kinds.randomElement(using: &rng)! {
        case .insert:
            let section = board.sections[sectionIndex]
            let index = Int.random(in: 0...section.items.count, using: &rng)
            return .insert(item: Item(id: ItemID(newID), label: "new"), to: Position(section: section.id, index: index))
        case .move:
            let moving = items.randomElement(using: &rng)!
            let target = board.sections[sectionIndex]
            let count = target.items.count - (target.id == moving.at.section ? 1 : 0)
            let index = Int.random(in: 0...count, using: &rng)
            return .move(item: moving.id, from: moving.at, to: Position(section: target.id, index: index))
        case .delete:
            let deleted = items.randomElement(using: &rng)!
            return .delete(item: deleted.id, from: deleted.at)
        case .update:
            return .update(item: items.randomElement(using: &rng)!.id, label: "updated \(newID)")
        case .insertSection:
            let index = Int.random(in: 0...board.sections.count, using: &rng)
            return .insertSection(section: SectionHeader(id: SectionID(newID), title: "new"), index: index)
        case .moveSection:
            let index = Int.random(in: 0...(board.sections.count - 1), using: &rng)
            return .moveSection(section: board.sections[sectionIndex].id, from: sectionIndex, index: index)
        case .renameSection:
            return .renameSection(section: board.sections[sectionIndex].id, title: "renamed \(newID)")
        case .deleteSection:
            return .deleteSection(section: board.sections[sectionIndex].id, from: sectionIndex)
        }
    }

    /// A compact picture of a board for failure messages: `s0[i0 i1] s1[]`.
    static func picture(of board: Board) -> String {
        board.sections.map { "\($0.id)[\($0.items.map(\.id.rawValue).joined(separator: " "))]" }.joined(separator: " ")
    }
}
