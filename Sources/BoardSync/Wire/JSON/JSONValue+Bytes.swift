extension JSONValue {
    /// How many arrays and objects may nest inside each other by default. Protocol messages need 6.
    public static let defaultMaxDepth = 32

    /// Parses one JSON value from UTF-8 bytes (see `JSONParser` for what is refused).
    public static func parse(
        _ bytes: some Collection<UInt8>, maxDepth: Int = defaultMaxDepth
    ) throws(JSONSyntaxError) -> JSONValue {
        try parse(bytes, maxDepth: maxDepth, tolerant: false)
    }

    /// Parses like `parse(_:maxDepth:)`, or tolerantly (see `JSONParser`).
    static func parse(
        _ bytes: some Collection<UInt8>, maxDepth: Int = defaultMaxDepth, tolerant: Bool
    ) throws(JSONSyntaxError) -> JSONValue {
        try withContiguousBytes(bytes) { buffer throws(JSONSyntaxError) in
            try JSONParser.parse(buffer, maxDepth: maxDepth, tolerant: tolerant)
        }
    }

    /// Parses one JSON value from raw memory holding UTF-8 bytes.
    public static func parse(
        _ bytes: UnsafeRawBufferPointer, maxDepth: Int = defaultMaxDepth
    ) throws(JSONSyntaxError) -> JSONValue {
        try JSONParser.parse(bytes.assumingMemoryBound(to: UInt8.self), maxDepth: maxDepth)
    }

    /// Parses one JSON value from a string's UTF-8.
    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }

    /// The compact JSON bytes of this value, object members in their order.
    public var encoded: [UInt8] {
        var writer = JSONWriter()
        writer.value(self)
        return writer.bytes
    }
}
