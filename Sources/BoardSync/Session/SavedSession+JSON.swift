/// The JSON form of a saved session, which a shell keeps as it is and hands back:
/// `{"format": 1, "board", "user", "client", "lastSeq", "nextSeq", "committed": board,
/// "pending": [{"seq"?, "ops": [op, …]}, …]}`, the board and the ops written as on the wire.
extension SavedSession: WireDecodable {
    /// The version of the form written; another one is refused, not guessed at.
    public static let format = 1

    /// Reads the JSON form; a form this build does not know, or one that breaks the protocol's
    /// rules for ids and names, is refused.
    public init(json bytes: [UInt8]) throws(WireError) {
        self = try bytes.withUnsafeBufferPointer { buffer throws(WireError) in
            try WireCodec.decode(buffer, as: SavedSession.self)
        }
    }

    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        let format = try reader.integer("format")
        guard format == Self.format else { throw .unknownValue(field: "format", value: String(format)) }
        let client = try reader.string("client")
        guard Validation.isIdentifier(client) else { throw .invalidIdentifier("client") }
        self.init(
            board: try reader.string("board"), user: try reader.string("user"), client: ClientID(client),
            committed: try reader.nested("committed", Board.init(wire:)),
            lastSeq: try reader.integer("lastSeq"), nextSeq: try reader.integer("nextSeq"),
            pending: try reader.objects("pending", Pending.init(wire:)))
        for (index, entry) in pending.enumerated() where entry.seq != nil && (index > 0 || entry.ops.count > 1) {
            throw .conflictingFields("only the first pending entry has a seq, with one op at most")
        }
    }

    /// The JSON form.
    public var json: [UInt8] {
        var writer = JSONWriter(reservingCapacity: 256 + committed.itemCount * 48)
        writer.beginObject()
        writer.key("format")
        writer.integer(Self.format)
        writer.key("board")
        writer.string(board)
        writer.key("user")
        writer.string(user)
        writer.key("client")
        writer.string(client.rawValue)
        writer.key("lastSeq")
        writer.integer(lastSeq)
        writer.key("nextSeq")
        writer.integer(nextSeq)
        writer.key("committed")
        committed.write(to: &writer)
        writer.key("pending")
        writer.beginArray()
        for entry in pending { entry.write(to: &writer) }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }
}

extension SavedSession.Pending {
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        self.init(seq: try reader.optionalInteger("seq", minimum: 1), ops: try reader.objects("ops", Op.init(wire:)))
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if let seq {
            writer.key("seq")
            writer.integer(seq)
        }
        writer.key("ops")
        writer.beginArray()
        for op in ops { op.write(to: &writer) }
        writer.endArray()
        writer.endObject()
    }
}
