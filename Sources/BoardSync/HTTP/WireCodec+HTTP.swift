/// The JSON bodies of the HTTP endpoints of protocol section 8, encoded and decoded with the
/// same strict reader and canonical writer as the messages: unknown fields are ignored, fields
/// are written in the order the protocol shows them.
extension WireCodec {
    /// `{"board": NAME, "ops": [{"version", "client", "user", "at", "op"}, ...]}`.
    public static func encodeHistory(_ page: HistoryPage) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 64 + page.entries.count * 192)
        writer.beginObject()
        writer.key("board")
        writer.string(page.board.rawValue)
        writer.key("ops")
        writer.beginArray()
        for entry in page.entries { entry.writeHistoryEntry(to: &writer) }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    public static func decodeHistory(_ bytes: some Collection<UInt8>) throws(WireError) -> HistoryPage {
        try withContiguousBytes(bytes) { buffer throws(WireError) in try decode(buffer, as: HistoryPage.self) }
    }

    /// One history entry as the history endpoint writes it, with `text` (its words) added after
    /// the protocol's fields when given: a line of `board-client history --json`.
    public static func encodeHistoryEntry(_ entry: SequencedOp, text: String? = nil) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 256)
        entry.writeHistoryEntry(to: &writer, text: text)
        return writer.bytes
    }

    /// `{"boards": [{"id", "version", "sections", "items"}, ...]}`.
    public static func encodeBoardList(_ boards: [BoardSummary]) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 16 + boards.count * 80)
        writer.beginObject()
        writer.key("boards")
        writer.beginArray()
        for board in boards {
            writer.beginObject()
            writeSummaryFields(
                id: board.id, version: board.version, sections: board.sections, items: board.items, to: &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    public static func decodeBoardList(_ bytes: some Collection<UInt8>) throws(WireError) -> [BoardSummary] {
        try withContiguousBytes(bytes) { buffer throws(WireError) in try decode(buffer, as: BoardList.self) }.boards
    }

    /// `{"trash": [{"id", "version", "sections", "items", "deleted"}, ...]}`, `deleted` in RFC 3339
    /// UTC with milliseconds: the body of `GET /boards?trash=1`.
    public static func encodeTrashList(_ boards: [TrashedBoard]) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 16 + boards.count * 120)
        writer.beginObject()
        writer.key("trash")
        writer.beginArray()
        for board in boards {
            writer.beginObject()
            writeSummaryFields(
                id: board.id, version: board.version, sections: board.sections, items: board.items, to: &writer)
            writer.key("deleted")
            writer.string(board.deleted.rfc3339)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    public static func decodeTrashList(_ bytes: some Collection<UInt8>) throws(WireError) -> [TrashedBoard] {
        try withContiguousBytes(bytes) { buffer throws(WireError) in try decode(buffer, as: TrashList.self) }.trash
    }

    /// The fields a board list and a trash list share, in that order.
    private static func writeSummaryFields(
        id: BoardName, version: Int, sections: Int, items: Int, to writer: inout JSONWriter
    ) {
        writer.key("id")
        writer.string(id.rawValue)
        writer.key("version")
        writer.integer(version)
        writer.key("sections")
        writer.integer(sections)
        writer.key("items")
        writer.integer(items)
    }

    /// `{"error": WORD}` or `{"error": WORD, "message": TEXT}`.
    public static func encodeRefusal(_ refusal: HTTPRefusal) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 96)
        writer.beginObject()
        writer.key("error")
        writer.string(refusal.error.rawValue)
        if let message = refusal.message {
            writer.key("message")
            writer.string(message)
        }
        writer.endObject()
        return writer.bytes
    }

    public static func decodeRefusal(_ bytes: some Collection<UInt8>) throws(WireError) -> HTTPRefusal {
        try withContiguousBytes(bytes) { buffer throws(WireError) in try decode(buffer, as: HTTPRefusal.self) }
    }
}

/// The body of `GET /boards`, as the decoder reads it.
private struct BoardList: WireDecodable {
    let boards: [BoardSummary]

    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        boards = try reader.objects("boards") { (board: inout Reader) throws(WireError) in
            BoardSummary(
                id: try board.boardName("id"), version: try board.integer("version"),
                sections: try board.integer("sections"), items: try board.integer("items"))
        }
    }
}

/// The body of `GET /boards?trash=1`, as the decoder reads it.
private struct TrashList: WireDecodable {
    let trash: [TrashedBoard]

    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        trash = try reader.objects("trash") { (board: inout Reader) throws(WireError) in
            let text = try board.string("deleted")
            guard let deleted = CommitTime(rfc3339: text) else {
                throw WireError.unknownValue(field: "deleted", value: text)
            }
            return TrashedBoard(
                id: try board.boardName("id"), version: try board.integer("version"),
                sections: try board.integer("sections"), items: try board.integer("items"), deleted: deleted)
        }
    }
}

extension HistoryPage: WireDecodable {
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        self.init(
            board: try reader.boardName("board"), entries: try reader.objects("ops", SequencedOp.init(historyEntry:)))
    }
}

extension HTTPRefusal: WireDecodable {
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        self.init(
            try reader.word("error", as: HTTPRefusal.Reason.self), message: try reader.optionalString("message"))
    }
}
