import BoardSync

/// The core's codec on its own, for checking the module against the golden fixtures: decodes a
/// wire text of one kind and encodes it again, canonically.
public enum CanonicalWire {
    /// What the text holds.
    public enum Kind: Int, Sendable, CaseIterable {
        case clientMessage = 0
        case serverMessage = 1
        case op = 2
        case board = 3
    }

    /// `{"canonical": "<text>"}` with the re-encoded text, or `{"error": "<WireError message>"}`.
    public static func roundTrip(_ kind: Kind, _ bytes: [UInt8]) -> [UInt8] {
        let encoded: [UInt8]
        do {
            switch kind {
            case .clientMessage: encoded = WireCodec.encode(try WireCodec.decodeClientMessage(bytes))
            case .serverMessage: encoded = WireCodec.encode(try WireCodec.decodeServerMessage(bytes))
            case .op: encoded = WireCodec.encodeOp(try WireCodec.decodeOp(bytes))
            case .board: encoded = WireCodec.encodeBoard(try WireCodec.decodeBoard(bytes))
            }
        } catch {
            return errorJSON(error.message)
        }
        var writer = JSONWriter(reservingCapacity: encoded.count + 32)
        writer.beginObject()
        writer.key("canonical")
        writer.string(String(decoding: encoded, as: UTF8.self))
        writer.endObject()
        return writer.bytes
    }
}
