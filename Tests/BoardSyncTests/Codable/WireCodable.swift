import BoardSync

/// Shared steps of the `Codable` conformances of protocol types: they go through `JSONValue`
/// and the strict converters, so their coded form is exactly the wire form.
enum WireCodable {
    static func decode<Value>(
        from decoder: any Decoder, _ convert: (JSONValue) throws(WireError) -> Value
    ) throws -> Value {
        let json = try JSONValue(from: decoder)
        do {
            return try convert(json)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: error.message, underlyingError: error))
        }
    }

    static func encode(_ bytes: [UInt8], to encoder: any Encoder) throws {
        try JSONValue.parse(bytes).encode(to: encoder)
    }
}

extension ClientMessage: Codable {
    public init(from decoder: any Decoder) throws {
        self = try WireCodable.decode(from: decoder, WireCodec.decodeClientMessage(json:))
    }

    public func encode(to encoder: any Encoder) throws {
        try WireCodable.encode(WireCodec.encode(self), to: encoder)
    }
}

extension ServerMessage: Codable {
    public init(from decoder: any Decoder) throws {
        self = try WireCodable.decode(from: decoder, WireCodec.decodeServerMessage(json:))
    }

    public func encode(to encoder: any Encoder) throws {
        try WireCodable.encode(WireCodec.encode(self), to: encoder)
    }
}

extension Board: Codable {
    public init(from decoder: any Decoder) throws {
        self = try WireCodable.decode(from: decoder, WireCodec.decodeBoard(json:))
    }

    public func encode(to encoder: any Encoder) throws {
        try WireCodable.encode(WireCodec.encodeBoard(self), to: encoder)
    }
}

extension Op: Codable {
    public init(from decoder: any Decoder) throws {
        self = try WireCodable.decode(from: decoder, WireCodec.decodeOp(json:))
    }

    public func encode(to encoder: any Encoder) throws {
        try WireCodable.encode(WireCodec.encodeOp(self), to: encoder)
    }
}
