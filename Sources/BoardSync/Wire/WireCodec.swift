/// The protocol's JSON encoding of messages, board snapshots and ops.
///
/// Decoding is strict (see `WireError`): bytes must be one JSON object with the protocol's field
/// names and types; unknown fields are ignored. Encoding is canonical: compact, `type` (or
/// `kind`) first, fields in the order of the protocol's tables, absent optional fields omitted.
public enum WireCodec {
    // MARK: Client messages

    public static func decodeClientMessage(_ bytes: some Collection<UInt8>) throws(WireError) -> ClientMessage {
        try decodeClientMessage(json: parse(bytes))
    }

    public static func decodeClientMessage(_ bytes: UnsafeRawBufferPointer) throws(WireError) -> ClientMessage {
        try decodeClientMessage(json: parse(bytes))
    }

    public static func decodeClientMessage(json: JSONValue) throws(WireError) -> ClientMessage {
        try ClientMessage(wire: FieldReader(message: json))
    }

    /// Decodes a message as the server reads it: like `decodeClientMessage`, but a refusal also
    /// names the `seq` of the submit it refuses whenever that can be read.
    public static func receiveClientMessage(
        _ bytes: some Collection<UInt8>
    ) throws(ClientMessageRefusal) -> ClientMessage {
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes)
        } catch {
            throw ClientMessageRefusal(
                WireError(error), seq: ClientMessageRefusal.submitSeq(ofUnparsed: bytes, after: error))
        }
        do {
            return try decodeClientMessage(json: json)
        } catch {
            throw ClientMessageRefusal(error, seq: ClientMessageRefusal.submitSeq(of: json))
        }
    }

    public static func encode(_ message: ClientMessage) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: messageCapacity)
        message.write(to: &writer)
        return writer.bytes
    }

    // MARK: Server messages

    public static func decodeServerMessage(_ bytes: some Collection<UInt8>) throws(WireError) -> ServerMessage {
        try decodeServerMessage(json: parse(bytes))
    }

    public static func decodeServerMessage(_ bytes: UnsafeRawBufferPointer) throws(WireError) -> ServerMessage {
        try decodeServerMessage(json: parse(bytes))
    }

    public static func decodeServerMessage(json: JSONValue) throws(WireError) -> ServerMessage {
        try ServerMessage(wire: FieldReader(message: json))
    }

    public static func encode(_ message: ServerMessage) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: estimatedSize(of: message))
        message.write(to: &writer)
        return writer.bytes
    }

    /// Appends the message's bytes to `buffer`, e.g. after headroom a transport reserves.
    public static func encode(_ message: ServerMessage, appendingTo buffer: inout [UInt8]) {
        var writer = JSONWriter()
        swap(&writer.bytes, &buffer)
        message.write(to: &writer)
        swap(&writer.bytes, &buffer)
    }

    // MARK: Boards and ops

    /// Decodes a board snapshot (protocol section 3).
    public static func decodeBoard(_ bytes: some Collection<UInt8>) throws(WireError) -> Board {
        try decodeBoard(json: parse(bytes))
    }

    public static func decodeBoard(json: JSONValue) throws(WireError) -> Board {
        try Board(wire: FieldReader(message: json))
    }

    public static func encodeBoard(_ board: Board) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: estimatedSize(of: board))
        board.write(to: &writer)
        return writer.bytes
    }

    /// Decodes one op object (protocol section 4).
    public static func decodeOp(_ bytes: some Collection<UInt8>) throws(WireError) -> Op {
        try decodeOp(json: parse(bytes))
    }

    public static func decodeOp(json: JSONValue) throws(WireError) -> Op {
        try Op(wire: FieldReader(message: json))
    }

    public static func encodeOp(_ op: Op) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: messageCapacity)
        op.write(to: &writer)
        return writer.bytes
    }

    // MARK: Buffer sizes

    /// Room for a typical message, so that encoding one rarely grows its buffer.
    private static let messageCapacity = 256

    private static func estimatedSize(of message: ServerMessage) -> Int {
        guard case .welcome(let welcome) = message else { return messageCapacity }
        switch welcome.state {
        case .board(let board): return messageCapacity + estimatedSize(of: board)
        case .ops(let ops): return messageCapacity * (1 + ops.count)
        }
    }

    private static func estimatedSize(of board: Board) -> Int {
        64 + board.sections.count * 64 + board.itemCount * 48
    }

    // MARK: Parsing

    private static func parse(_ bytes: some Collection<UInt8>) throws(WireError) -> JSONValue {
        do {
            return try JSONValue.parse(bytes)
        } catch {
            throw WireError(error)
        }
    }

    private static func parse(_ bytes: UnsafeRawBufferPointer) throws(WireError) -> JSONValue {
        do {
            return try JSONValue.parse(bytes)
        } catch {
            throw WireError(error)
        }
    }
}
