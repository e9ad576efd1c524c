/// A titled group of items; a board is an ordered list of sections.
public struct Section: Hashable, Sendable {
    public var id: String
    public var title: String
    public var items: [Item]

    public init(id: String, title: String, items: [Item] = []) {
        self.id = id
        self.title = title
        self.items = items
    }

    /// The index of the item with `id`, if this section holds it.
    public func index(ofItem id: String) -> Int? {
        items.firstIndex { $0.id == id }
    }
}
