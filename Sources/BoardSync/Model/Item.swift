/// A tile on a board: a stable identifier chosen by its creator and a label shown to people.
public struct Item: Hashable, Sendable {
    public var id: ItemID
    public var label: String

    public init(id: ItemID, label: String) {
        self.id = id
        self.label = label
    }
}
