/// Committed operations in words, for a status line ("bob moved Mail to Done").
public enum OpDescription {
    /// Describes `op` by `user`, naming items and sections as they were on `board` just before it.
    public static func describe(_ op: Op, by user: String, on board: Board) -> String {
        func label(_ id: ItemID) -> String { board.item(id)?.label ?? id.rawValue }
        func title(_ id: SectionID) -> String {
            board.index(ofSection: id).map { board.sections[$0].title } ?? id.rawValue
        }
        switch op {
        case .insert(let item, let to):
            return "\(user) added \(item.label) to \(title(to.section))"
        case .move(let item, let from, let to):
            if from.section == to.section { return "\(user) moved \(label(item)) within \(title(to.section))" }
            return "\(user) moved \(label(item)) to \(title(to.section))"
        case .delete(let item, _):
            return "\(user) deleted \(label(item))"
        case .update(let item, let newLabel):
            return "\(user) renamed \(label(item)) to \(newLabel)"
        case .insertSection(let header, _):
            return "\(user) added section \(header.title)"
        case .moveSection(let section, _, _):
            return "\(user) moved section \(title(section))"
        case .renameSection(let section, let newTitle):
            return "\(user) renamed section \(title(section)) to \(newTitle)"
        case .deleteSection(let section, _):
            return "\(user) deleted section \(title(section))"
        }
    }
}
