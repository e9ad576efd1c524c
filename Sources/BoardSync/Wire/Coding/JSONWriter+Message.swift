extension JSONWriter {
    /// Opens a message object and writes its `type`.
    mutating func beginMessage(_ type: StaticString) {
        beginObject()
        key("type")
        plainString(type)
    }
}
