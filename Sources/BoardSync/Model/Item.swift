/// A tile on a board: a stable identifier chosen by its creator and a label shown to people.
public struct Item: Hashable, Sendable {
    public var id: String
    public var label: String

    public init(id: String, label: String) {
        self.id = id
        self.label = label
    }
}
