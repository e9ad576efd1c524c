/// An operation on a board (protocol section 4). Items and sections are named by id; positions
/// are where the sender saw them in the state the operation is based on.
public enum Op: Hashable, Sendable {
    case insert(item: Item, to: Position)
    case move(item: ItemID, from: Position, to: Position)
    case delete(item: ItemID, from: Position)
    case update(item: ItemID, label: String)
    case insertSection(section: SectionHeader, index: Int)
    case moveSection(section: SectionID, from: Int, index: Int)
    case renameSection(section: SectionID, title: String)
    case deleteSection(section: SectionID, from: Int)

    /// The protocol's name for this kind of operation.
    public var kind: String {
        switch self {
        case .insert: "insert"
        case .move: "move"
        case .delete: "delete"
        case .update: "update"
        case .insertSection: "insertSection"
        case .moveSection: "moveSection"
        case .renameSection: "renameSection"
        case .deleteSection: "deleteSection"
        }
    }

    /// The item this operation acts on, if it is an item operation.
    /// The id the op creates and its kind: an inserted item's or section's.
    public var createdID: UsedID? {
        switch self {
        case .insert(let item, _): UsedID(id: item.id.rawValue, kind: .item)
        case .insertSection(let header, _): UsedID(id: header.id.rawValue, kind: .section)
        default: nil
        }
    }

    public var itemID: ItemID? {
        switch self {
        case .insert(let item, _): item.id
        case .move(let id, _, _), .delete(let id, _), .update(let id, _): id
        default: nil
        }
    }

    /// The section this operation acts on, if it is a section operation.
    public var sectionID: SectionID? {
        switch self {
        case .insertSection(let header, _): header.id
        case .moveSection(let id, _, _), .renameSection(let id, _), .deleteSection(let id, _): id
        default: nil
        }
    }
}

/// A section's identity and title without its items, as `insertSection` carries it.
public struct SectionHeader: Hashable, Sendable {
    public var id: SectionID
    public var title: String

    public init(id: SectionID, title: String) {
        self.id = id
        self.title = title
    }
}
