/// A JSON object that keeps its members in the order they were written.
///
/// Keys are unique: the parser refuses an object that repeats a key (RFC 8259 leaves duplicate
/// names undefined, and two readers that resolve them differently would see different messages).
/// Two objects are equal when they hold the same members in the same order.
public struct JSONObject: Hashable, Sendable {
    /// One `"key": value` pair of an object.
    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in the order they were written.
    public var members: [Member]

    public init(_ members: [Member] = []) {
        self.members = members
    }

    /// The value stored under `key`, if the object has that key.
    public subscript(key: String) -> JSONValue? {
        for member in members where member.key == key {
            return member.value
        }
        return nil
    }

    /// The keys in the order they were written.
    public var keys: [String] { members.map { $0.key } }

    /// The number of members.
    public var count: Int { members.count }
}
