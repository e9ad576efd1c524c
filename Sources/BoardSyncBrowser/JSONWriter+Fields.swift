import BoardSync

/// The bridge's answers are written with these calls, each a member (key and value) or a
/// bracket. They are kept out of line: the answers have a hundred members, and an inlined
/// `JSONWriter` call at each would make the WebAssembly module much larger for no speed a page
/// could notice.
extension JSONWriter {
    @inline(never)
    mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    @inline(never)
    mutating func field(_ name: StaticString, _ value: Int) {
        key(name)
        integer(value)
    }

    @inline(never)
    mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    /// The value, or `null`.
    @inline(never)
    mutating func field(_ name: StaticString, optional value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }

    /// The value, or `null`.
    @inline(never)
    mutating func field(_ name: StaticString, optional value: Int?) {
        key(name)
        if let value { integer(value) } else { null() }
    }

    @inline(never)
    mutating func nullField(_ name: StaticString) {
        key(name)
        null()
    }

    /// `"name": {`
    @inline(never)
    mutating func objectField(_ name: StaticString) {
        key(name)
        beginObject()
    }

    /// `"name": [`
    @inline(never)
    mutating func arrayField(_ name: StaticString) {
        key(name)
        beginArray()
    }

    @inline(never)
    mutating func openObject() {
        beginObject()
    }

    @inline(never)
    mutating func closeObject() {
        endObject()
    }

    @inline(never)
    mutating func openArray() {
        beginArray()
    }

    @inline(never)
    mutating func closeArray() {
        endArray()
    }

    @inline(never)
    mutating func element(_ value: Int) {
        integer(value)
    }

    @inline(never)
    mutating func element(_ value: String) {
        string(value)
    }
}
