/// Why an operation was refused by the checks of protocol 4.1 rule 6 or by a board limit.
public enum OpError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownID(String)
    case wrongKind(id: String, expected: IDKind)
    case reusedID(String)
    case invalidID(String)
    case positionMismatch(id: String, claimed: String, actual: String)
    case indexOutOfRange(index: Int, count: Int)
    case invalidText(TextError)
    case itemLimit(Int)
    case sectionLimit(Int)

    /// Limits are refused with the wire code `limit`; everything else is `bad_op`.
    public var isLimit: Bool {
        switch self {
        case .itemLimit, .sectionLimit: true
        case .invalidText(.tooLong): true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .unknownID(let id): "unknown id \(id)"
        case .wrongKind(let id, let expected): "\(id) is not a\(expected == .item ? "n item" : " section")"
        case .reusedID(let id): "id \(id) was already used on this board"
        case .invalidID(let id): "\(id) is not a valid id"
        case .positionMismatch(let id, let claimed, let actual): "\(id) is at \(actual), not \(claimed)"
        case .indexOutOfRange(let index, let count): "index \(index) is past the end (places go from 0 to \(count))"
        case .invalidText(.empty): "empty label or title"
        case .invalidText(.controlCharacter): "label or title contains a control character"
        case .invalidText(.tooLong(let limit)): "label or title longer than \(limit) characters"
        case .invalidText(.invalidIdentifier): "invalid identifier"
        case .itemLimit(let limit): "board is at its limit of \(limit) items"
        case .sectionLimit(let limit): "board is at its limit of \(limit) sections"
        }
    }
}

/// Whether an id names an item or a section; both share one namespace per board.
public enum IDKind: String, Hashable, Sendable {
    case item
    case section
}
