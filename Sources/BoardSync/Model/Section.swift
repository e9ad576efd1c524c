/// A titled group of items; a board is an ordered list of sections.
public struct Section: Hashable, Sendable {
    public var id: SectionID
    public var title: String
    public var items: [Item]

    public init(id: SectionID, title: String, items: [Item] = []) {
        self.id = id
        self.title = title
        self.items = items
    }

    /// The index of the item with `id`, if this section holds it.
    public func index(ofItem id: ItemID) -> Int? {
        items.firstIndex { $0.id == id }
    }
}
