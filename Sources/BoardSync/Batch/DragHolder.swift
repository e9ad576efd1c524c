/// Who is dragging an item: the connection holding the drag, the person behind it, and whether
/// that connection is this client's own. User names compare by their bytes (`ExactText`).
public struct DragHolder: Hashable, Sendable, CustomStringConvertible {
    public var client: ClientID
    public var user: String
    public var isLocal: Bool

    public init(client: ClientID, user: String, isLocal: Bool) {
        self.client = client
        self.user = user
        self.isLocal = isLocal
    }

    public var description: String { isLocal ? "\(user) (you)" : "\(user)@\(client)" }

    @inline(never)
    public static func == (a: DragHolder, b: DragHolder) -> Bool {
        a.client == b.client && ExactText.same(a.user, b.user) && a.isLocal == b.isLocal
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(client)
        ExactText.hash(user, into: &hasher)
        hasher.combine(isLocal)
    }
}
