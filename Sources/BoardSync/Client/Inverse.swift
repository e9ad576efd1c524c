/// The operations that undo an operation, made against the state right after it.
enum Inverse {
    /// The inverse of `op`, which is valid on `state`. Re-created elements keep their old ids
    /// here; `Op.replacingIDs` gives them fresh ones when the undo is submitted.
    static func of(_ op: Op, on state: BoardState) -> [Op] {
        switch op {
        case .insert(let item, let to):
            return [.delete(item: item.id, from: to)]
        case .move(let item, let from, let to):
            return [.move(item: item, from: to, to: from)]
        case .delete(let item, let from):
            guard let label = state.board.item(item)?.label else { return [] }
            return [.insert(item: Item(id: item, label: label), to: from)]
        case .update(let item, _):
            guard let label = state.board.item(item)?.label else { return [] }
            return [.update(item: item, label: label)]
        case .insertSection(let header, let index):
            return [.deleteSection(section: header.id, from: index)]
        case .moveSection(let section, let from, let index):
            return [.moveSection(section: section, from: index, index: from)]
        case .renameSection(let section, _):
            guard let s = state.board.index(ofSection: section) else { return [] }
            return [.renameSection(section: section, title: state.board.sections[s].title)]
        case .deleteSection(let section, let from):
            guard let s = state.board.index(ofSection: section) else { return [] }
            let removed = state.board.sections[s]
            var ops: [Op] = [.insertSection(section: SectionHeader(id: removed.id, title: removed.title), index: from)]
            for (index, item) in removed.items.enumerated() {
                ops.append(.insert(item: item, to: Position(section: removed.id, index: index)))
            }
            return ops
        }
    }
}

/// The ids an undo has replaced so far, each old one with its fresh one (raw ids: items and
/// sections share one namespace). An undo creates each id once, and the ops that name a replaced
/// id name one replaced early (the section of a section's re-inserted items), so the pairs are
/// searched in order, from the first.
struct ReplacedIDs {
    private var pairs: [(old: String, fresh: String)] = []

    mutating func replace(_ old: String, with fresh: String) {
        pairs.append((old, fresh))
    }

    func fresh(for old: String) -> String? {
        pairs.first { $0.old == old }?.fresh
    }
}

extension Op {
    /// The operation with the ids of the elements it creates replaced by fresh ones, and every
    /// id already replaced earlier (in `renamed`) replaced likewise.
    func replacingIDs(_ renamed: inout ReplacedIDs, makeID: () -> String) -> Op {
        func mapped<ID: BoardIdentifier>(_ id: ID) -> ID { renamed.fresh(for: id.rawValue).map(ID.init) ?? id }
        func mapped(_ position: Position) -> Position {
            Position(section: mapped(position.section), index: position.index)
        }
        switch self {
        case .insert(let item, let to):
            let fresh = makeID()
            renamed.replace(item.id.rawValue, with: fresh)
            return .insert(item: Item(id: ItemID(fresh), label: item.label), to: mapped(to))
        case .insertSection(let header, let index):
            let fresh = makeID()
            renamed.replace(header.id.rawValue, with: fresh)
            return .insertSection(section: SectionHeader(id: SectionID(fresh), title: header.title), index: index)
        case .move(let item, let from, let to):
            return .move(item: mapped(item), from: mapped(from), to: mapped(to))
        case .delete(let item, let from):
            return .delete(item: mapped(item), from: mapped(from))
        case .update(let item, let label):
            return .update(item: mapped(item), label: label)
        case .moveSection(let section, let from, let index):
            return .moveSection(section: mapped(section), from: from, index: index)
        case .renameSection(let section, let title):
            return .renameSection(section: mapped(section), title: title)
        case .deleteSection(let section, let from):
            return .deleteSection(section: mapped(section), from: from)
        }
    }
}
