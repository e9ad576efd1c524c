/// A deleted board waiting in the trash (protocol section 11): its name, the version and size it
/// had when it was deleted, and when that was. `GET /boards?trash=1` lists them, and
/// `POST /boards/NAME/restore?deleted=TIME` names one by its name and `deleted` time.
public struct TrashedBoard: Hashable, Sendable {
    public var id: BoardName
    public var version: Int
    public var sections: Int
    public var items: Int
    public var deleted: CommitTime

    public init(id: BoardName, version: Int, sections: Int, items: Int, deleted: CommitTime) {
        self.id = id
        self.version = version
        self.sections = sections
        self.items = items
        self.deleted = deleted
    }

    /// The trash entry of `summary`, deleted at `deleted`.
    public init(_ summary: BoardSummary, deleted: CommitTime) {
        self.init(
            id: summary.id, version: summary.version, sections: summary.sections, items: summary.items,
            deleted: deleted)
    }
}
