/// One cell of a board view. Its identity is the item id; its content is the label and, for the
/// empty placeholder cell of an item being dragged, the holder the placeholder is labelled with.
/// Labels compare by their bytes (`ExactText`).
public struct ViewCell: Hashable, Sendable {
    /// The item id: what makes two cells "the same cell" across views.
    public var id: ItemID
    public var label: String
    /// Set when this cell is the placeholder of a dragged item.
    public var holder: DragHolder?

    public init(id: ItemID, label: String, holder: DragHolder? = nil) {
        self.id = id
        self.label = label
        self.holder = holder
    }

    public init(item: Item) {
        self.init(id: item.id, label: item.label)
    }

    /// Whether `other` shows something different in this cell (identity aside). Out of line: the
    /// batch's diff compares cells in many places, and the WebAssembly module would carry the
    /// comparison of labels and holders at each.
    @inline(never)
    public func hasDifferentContent(from other: ViewCell) -> Bool {
        !ExactText.same(label, other.label) || holder != other.holder
    }

    public static func == (a: ViewCell, b: ViewCell) -> Bool {
        a.id == b.id && !a.hasDifferentContent(from: b)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        ExactText.hash(label, into: &hasher)
        hasher.combine(holder)
    }
}
