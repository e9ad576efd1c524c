/// One of the lists an operation edits: the board's section list or one section's item list.
enum ListID: Hashable, Sendable {
    case sections
    case items(SectionID)
}

/// A primitive list edit (protocol 4.1 rule 1): a committed operation seen as inserts and removes.
struct ListEdit: Hashable, Sendable {
    var list: ListID
    var index: Int
    var isInsert: Bool

    /// The edits of `op`, in order: a move is a remove at `from` followed by an insert at `to`.
    static func edits(of op: Op) -> [ListEdit] {
        switch op {
        case .insert(_, let to):
            [ListEdit(list: .items(to.section), index: to.index, isInsert: true)]
        case .move(_, let from, let to):
            [
                ListEdit(list: .items(from.section), index: from.index, isInsert: false),
                ListEdit(list: .items(to.section), index: to.index, isInsert: true),
            ]
        case .delete(_, let from):
            [ListEdit(list: .items(from.section), index: from.index, isInsert: false)]
        case .insertSection(_, let index):
            [ListEdit(list: .sections, index: index, isInsert: true)]
        case .moveSection(_, let from, let index):
            [
                ListEdit(list: .sections, index: from, isInsert: false),
                ListEdit(list: .sections, index: index, isInsert: true),
            ]
        case .deleteSection(_, let from):
            [ListEdit(list: .sections, index: from, isInsert: false)]
        case .update, .renameSection:
            []
        }
    }
}

/// The positions of an operation that rebasing moves: the `from` of the element it acts on and
/// the gap it inserts into. Both are carried through list edits by rules 2 to 4.
struct TrackedPositions: Hashable, Sendable {
    var from: (list: ListID, index: Int)?
    var gap: (list: ListID, index: Int)?

    /// Carries the positions through one primitive edit. `committedWinsTies` says whether an
    /// insert at exactly the gap goes before it (rule 2: the operation committed first keeps the
    /// contested slot).
    mutating func carry(through edit: ListEdit, committedWinsTies: Bool) {
        if var gap, gap.list == edit.list {
            var k = edit.index
            if let from, from.list == edit.list, from.index < k { k -= 1 }
            if edit.isInsert {
                if committedWinsTies ? k <= gap.index : k < gap.index { gap.index += 1 }
            } else if k < gap.index {
                gap.index -= 1
            }
            self.gap = gap
        }
        if var from, from.list == edit.list {
            if edit.isInsert {
                if edit.index <= from.index { from.index += 1 }
            } else if edit.index < from.index {
                from.index -= 1
            }
            self.from = from
        }
    }

    static func == (lhs: TrackedPositions, rhs: TrackedPositions) -> Bool {
        lhs.from?.list == rhs.from?.list && lhs.from?.index == rhs.from?.index
            && lhs.gap?.list == rhs.gap?.list && lhs.gap?.index == rhs.gap?.index
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(from?.list)
        hasher.combine(from?.index)
        hasher.combine(gap?.list)
        hasher.combine(gap?.index)
    }
}
