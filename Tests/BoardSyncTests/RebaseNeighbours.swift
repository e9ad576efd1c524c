import BoardSync

/// Where an insert or move means to put its element: between two neighbours of one list. Rebasing
/// must keep that meaning: as long as no committed op moved or deleted a neighbour, the element
/// ends up after the one and before the other (things committed into the same slot may come in
/// between, since the op committed first keeps a contested slot). Ids are raw: the list is of
/// items or of sections.
struct RebaseNeighbours {
    var element: String
    var before: String?
    var after: String?
    /// The ids of the list the element goes into, on a given state.
    var list: @Sendable (BoardState) -> [String]

    /// The neighbours `op` gives its element on `state`; nil for ops that place nothing.
    static func of(_ op: Op, on state: BoardState) -> RebaseNeighbours? {
        var result = state
        guard result.apply(op) == .apply else { return nil }
        let list: @Sendable (BoardState) -> [String]
        let element: String
        switch op {
        case .insert(let item, let to):
            element = item.id.rawValue
            let section = to.section
            list = { state in state.board.sections.first { $0.id == section }?.items.map(\.id.rawValue) ?? [] }
        case .move(let item, _, let to):
            element = item.rawValue
            let section = to.section
            list = { state in state.board.sections.first { $0.id == section }?.items.map(\.id.rawValue) ?? [] }
        case .insertSection(let header, _):
            element = header.id.rawValue
            list = { state in state.board.sections.map(\.id.rawValue) }
        case .moveSection(let section, _, _):
            element = section.rawValue
            list = { state in state.board.sections.map(\.id.rawValue) }
        default:
            return nil
        }
        let ids = list(result)
        guard let index = ids.firstIndex(of: element) else { return nil }
        return RebaseNeighbours(
            element: element, before: index > 0 ? ids[index - 1] : nil,
            after: index + 1 < ids.count ? ids[index + 1] : nil, list: list)
    }

    /// Why `state` breaks the promise, ignoring neighbours that a committed op named.
    func violation(in state: BoardState, committed: [Op]) -> String? {
        let touched = Set(committed.flatMap { [$0.itemID?.rawValue, $0.sectionID?.rawValue].compactMap { $0 } })
        let ids = list(state)
        guard let index = ids.firstIndex(of: element) else { return "\(element) is not in its list \(ids)" }
        if let before, !touched.contains(before), let other = ids.firstIndex(of: before), other > index {
            return "\(element) should come after \(before): \(ids)"
        }
        if let after, !touched.contains(after), let other = ids.firstIndex(of: after), other < index {
            return "\(element) should come before \(after): \(ids)"
        }
        return nil
    }
}
