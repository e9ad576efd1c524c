/// The outcome of checking an (already rebased) operation against the current state.
public enum OpCheck: Hashable, Sendable {
    /// The operation is valid and changes the board.
    case apply
    /// The operation names something that has been deleted: acknowledged, not committed.
    case noop
    /// The operation is refused and nothing is applied.
    case refused(OpError)
}

extension BoardState {
    /// Rule 6's first check, made before rebasing: every id the operation names must have existed
    /// on this board, as an element of the right kind. An id that never existed is refused even
    /// where rebasing would turn the operation into a no-op.
    public func checkNamedIDs(_ op: Op) -> OpError? {
        checkNamedIDs(op, alsoKnown: [:])
    }

    /// The same check, counting also the ids in `introduced` (those the members of a group
    /// before this one create) as used, with their kinds.
    public func checkNamedIDs(_ op: Op, alsoKnown introduced: [String: IDKind]) -> OpError? {
        func expect(_ id: some BoardIdentifier, _ kind: IDKind) -> OpError? {
            guard let found = usedIDs[id.rawValue] ?? introduced[id.rawValue] else { return .unknownID(id.rawValue) }
            return found == kind ? nil : .wrongKind(id: id.rawValue, expected: kind)
        }
        switch op {
        case .insert(_, let to):
            return expect(to.section, .section)
        case .move(let item, let from, let to):
            return expect(item, .item) ?? expect(from.section, .section) ?? expect(to.section, .section)
        case .delete(let item, let from):
            return expect(item, .item) ?? expect(from.section, .section)
        case .update(let item, _):
            return expect(item, .item)
        case .insertSection:
            return nil
        case .moveSection(let section, _, _), .renameSection(let section, _), .deleteSection(let section, _):
            return expect(section, .section)
        }
    }

    /// Checks an operation against the current state (protocol 4.1 rules 5 and 6, then limits).
    public func check(_ op: Op, limits: Limits = .default) -> OpCheck {
        if let error = checkNamedIDs(op) { return .refused(error) }
        if isDeleted(op) { return .noop }
        if let error = checkContent(op, limits: limits) { return .refused(error) }
        return .apply
    }

    /// Whether an element the operation names (or its target section) no longer exists.
    private func isDeleted(_ op: Op) -> Bool {
        switch op {
        case .insert(_, let to):
            return !isLive(section: to.section)
        case .move(let item, let from, let to):
            return !isLive(item: item) || !isLive(section: from.section) || !isLive(section: to.section)
        case .delete(let item, let from):
            return !isLive(item: item) || !isLive(section: from.section)
        case .update(let item, _):
            return !isLive(item: item)
        case .insertSection:
            return false
        case .moveSection(let section, _, _), .renameSection(let section, _), .deleteSection(let section, _):
            return !isLive(section: section)
        }
    }

    private func checkContent(_ op: Op, limits: Limits) -> OpError? {
        switch op {
        case .insert(let item, let to):
            if let error = checkNewID(item.id) ?? checkText(item.label, limits) { return error }
            let count = itemCount(inSection: to.section) ?? 0
            if let error = checkGap(to.index, count: count) { return error }
            return board.itemCount >= limits.maxItems ? .itemLimit(limits.maxItems) : nil
        case .move(let item, let from, let to):
            if let error = checkPosition(of: item, claimed: from) { return error }
            let count = (itemCount(inSection: to.section) ?? 0) - (from.section == to.section ? 1 : 0)
            return checkGap(to.index, count: count)
        case .delete(let item, let from):
            return checkPosition(of: item, claimed: from)
        case .update(_, let label):
            return checkText(label, limits)
        case .insertSection(let header, let index):
            if let error = checkNewID(header.id) ?? checkText(header.title, limits) { return error }
            if let error = checkGap(index, count: board.sections.count) { return error }
            return board.sections.count >= limits.maxSections ? .sectionLimit(limits.maxSections) : nil
        case .moveSection(let section, let from, let index):
            if let error = checkSectionIndex(of: section, claimed: from) { return error }
            return checkGap(index, count: board.sections.count - 1)
        case .renameSection(_, let title):
            return checkText(title, limits)
        case .deleteSection(let section, let from):
            return checkSectionIndex(of: section, claimed: from)
        }
    }

    private func checkNewID(_ id: some BoardIdentifier) -> OpError? {
        guard Validation.isIdentifier(id.rawValue) else { return .invalidID(id.rawValue) }
        return usedIDs[id.rawValue] == nil ? nil : .reusedID(id.rawValue)
    }

    private func checkText(_ text: String, _ limits: Limits) -> OpError? {
        Validation.checkText(text, limit: limits.maxTextLength, rules: limits.textRules).map(OpError.invalidText)
    }

    private func checkGap(_ index: Int, count: Int) -> OpError? {
        (0...max(count, 0)).contains(index) ? nil : .indexOutOfRange(index: index, count: count)
    }

    private func checkPosition(of item: ItemID, claimed: Position) -> OpError? {
        guard let actual = position(ofItem: item) else { return .unknownID(item.rawValue) }
        return actual == claimed
            ? nil : .positionMismatch(id: item.rawValue, claimed: claimed.description, actual: actual.description)
    }

    private func checkSectionIndex(of section: SectionID, claimed: Int) -> OpError? {
        guard let actual = board.index(ofSection: section) else { return .unknownID(section.rawValue) }
        return actual == claimed
            ? nil : .positionMismatch(id: section.rawValue, claimed: String(claimed), actual: String(actual))
    }
}
