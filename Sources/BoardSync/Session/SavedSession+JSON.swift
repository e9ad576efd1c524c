/// The JSON form of a saved session, which a shell keeps as it is and hands back:
/// `{"format": 1, "board", "user", "client", "lastSeq", "nextSeq", "committed": board,
/// "pending": [{"seq"?, "group"?, "ops": [op, …]}, …]}`, the board and the ops written as on the
/// wire, `"group": true` for a group.
extension SavedSession {
    /// The version of the form written; another one is refused, not guessed at.
    public static let format = 1

    /// Reads the JSON form; a form this build does not know, or one that breaks the protocol's
    /// rules for ids and names, is refused. Read with the codec's own reader and its board and
    /// op decoders, so that no second copy of them is made.
    @inline(never)
    public init(json bytes: [UInt8]) throws(WireError) {
        self = try bytes.withUnsafeBufferPointer { buffer throws(WireError) in
            do throws(JSONSyntaxError) {
                try JSONValidator.validate(buffer)
            } catch {
                throw WireError(error)
            }
            var reader = try FieldReader(message: .document(buffer))
            return try SavedSession(reading: &reader)
        }
    }

    private init(reading reader: inout FieldReader) throws(WireError) {
        let format = try reader.integer("format")
        guard format == Self.format else { throw .unknownValue(field: "format", value: String(format)) }
        let client = try reader.string("client")
        guard Validation.isIdentifier(client) else { throw .invalidIdentifier("client") }
        self.init(
            board: try reader.boardName("board"), user: try reader.string("user"), client: ClientID(client),
            committed: try reader.nested("committed", Board.init(wire:)),
            lastSeq: try reader.integer("lastSeq"), nextSeq: try reader.integer("nextSeq"),
            pending: try reader.objects("pending", Pending.init(reading:)))
        for (index, entry) in pending.enumerated() {
            if entry.seq != nil && index > 0 { throw .conflictingFields("only the first pending entry has a seq") }
            if !entry.group && entry.ops.count > 1 {
                throw .conflictingFields("a pending entry of several ops is a group")
            }
            if entry.group && (entry.ops.isEmpty || entry.ops.count > ClientMessage.Submit.maxGroupMembers) {
                throw .outOfRange("ops")
            }
        }
    }

    /// The JSON form.
    public var json: [UInt8] {
        @inline(never) get {
            var writer = JSONWriter(reservingCapacity: 256 + committed.itemCount * 48)
            writer.beginObject()
            Self.member("format", Self.format, &writer)
            Self.member("board", board.rawValue, &writer)
            Self.member("user", user, &writer)
            Self.member("client", client.rawValue, &writer)
            Self.member("lastSeq", lastSeq, &writer)
            Self.member("nextSeq", nextSeq, &writer)
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

    /// One member, out of line: the form has a few, each inlined would cost the page's module.
    @inline(never)
    static func member(_ key: StaticString, _ value: String, _ writer: inout JSONWriter) {
        writer.key(key)
        writer.string(value)
    }

    @inline(never)
    static func member(_ key: StaticString, _ value: Int, _ writer: inout JSONWriter) {
        writer.key(key)
        writer.integer(value)
    }
}

extension SavedSession.Pending {
    init(reading reader: inout FieldReader) throws(WireError) {
        self.init(
            seq: try reader.optionalInteger("seq", minimum: 1), ops: try reader.objects("ops", Op.init(wire:)),
            group: try reader.optionalBool("group") ?? false, restores: try reader.optionalInteger("restores"))
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if let seq { SavedSession.member("seq", seq, &writer) }
        if group {
            writer.key("group")
            writer.bool(true)
        }
        if let restores { SavedSession.member("restores", restores, &writer) }
        writer.key("ops")
        writer.beginArray()
        for op in ops { op.write(to: &writer) }
        writer.endArray()
        writer.endObject()
    }
}
