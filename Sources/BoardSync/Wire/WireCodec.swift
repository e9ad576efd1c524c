/// The protocol's JSON encoding of messages, board snapshots and ops.
///
/// Decoding is strict (see `WireError`): bytes must be one JSON object with the protocol's field
/// names and types; unknown fields are ignored. Messages are read straight from their bytes, with
/// no tree of JSON values in between: one checking pass when the message is written as this
/// encoder writes it (`StreamingFieldReader`), else `JSONValidator` checks the syntax and
/// `FieldReader` reads the fields, with the exact error. The `json:` forms take a value tree and
/// decode its compact bytes. Encoding is canonical: compact, `type` (or `kind`) first, fields in
/// the order of the protocol's tables, absent optional fields omitted.
public enum WireCodec {
    // MARK: Client messages

    @inlinable
    public static func decodeClientMessage(_ bytes: some Collection<UInt8>) throws(WireError) -> ClientMessage {
        try withContiguousBytes(bytes) { buffer throws(WireError) in try decodeClientMessage(buffer: buffer) }
    }

    public static func decodeClientMessage(_ bytes: UnsafeRawBufferPointer) throws(WireError) -> ClientMessage {
        try decodeClientMessage(buffer: bytes.assumingMemoryBound(to: UInt8.self))
    }

    @usableFromInline
    static func decodeClientMessage(buffer: UnsafeBufferPointer<UInt8>) throws(WireError) -> ClientMessage {
        try decode(buffer, as: ClientMessage.self)
    }

    /// Decodes a message given as a value tree, by its compact bytes.
    public static func decodeClientMessage(json: JSONValue) throws(WireError) -> ClientMessage {
        try decodeClientMessage(json.encoded)
    }

    /// Decodes a message as the server reads it: like `decodeClientMessage`, but a refusal also
    /// names the `seq` of the submit it refuses whenever that can be read.
    @inlinable
    public static func receiveClientMessage(
        _ bytes: some Collection<UInt8>
    ) throws(ClientMessageRefusal) -> ClientMessage {
        try withContiguousBytes(bytes) { buffer throws(ClientMessageRefusal) in try receiveClientMessage(buffer: buffer)
        }
    }

    @usableFromInline
    static func receiveClientMessage(
        buffer: UnsafeBufferPointer<UInt8>
    ) throws(ClientMessageRefusal) -> ClientMessage {
        #if !hasFeature(Embedded)
            if let message = StreamingFieldReader.decode(buffer, ClientMessage.init(wire:)) { return message }
        #endif
        do {
            try JSONValidator.validate(buffer)
        } catch {
            throw ClientMessageRefusal(
                WireError(error), seq: ClientMessageRefusal.submitSeq(ofUnparsed: buffer, after: error))
        }
        do {
            var reader = try FieldReader(message: .document(buffer))
            return try ClientMessage(wire: &reader)
        } catch {
            throw ClientMessageRefusal(error, seq: ClientMessageRefusal.submitSeq(ofValidated: buffer))
        }
    }

    public static func encode(_ message: ClientMessage) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: messageCapacity)
        message.write(to: &writer)
        return writer.bytes
    }

    // MARK: Server messages

    @inlinable
    public static func decodeServerMessage(_ bytes: some Collection<UInt8>) throws(WireError) -> ServerMessage {
        try withContiguousBytes(bytes) { buffer throws(WireError) in try decodeServerMessage(buffer: buffer) }
    }

    public static func decodeServerMessage(_ bytes: UnsafeRawBufferPointer) throws(WireError) -> ServerMessage {
        try decodeServerMessage(buffer: bytes.assumingMemoryBound(to: UInt8.self))
    }

    @usableFromInline
    static func decodeServerMessage(buffer: UnsafeBufferPointer<UInt8>) throws(WireError) -> ServerMessage {
        try decode(buffer, as: ServerMessage.self)
    }

    /// Decodes a message given as a value tree, by its compact bytes.
    public static func decodeServerMessage(json: JSONValue) throws(WireError) -> ServerMessage {
        try decodeServerMessage(json.encoded)
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
        try withContiguousBytes(bytes) { buffer throws(WireError) in try decode(buffer, as: Board.self) }
    }

    /// Decodes a board snapshot given as a value tree, by its compact bytes.
    public static func decodeBoard(json: JSONValue) throws(WireError) -> Board {
        try decodeBoard(json.encoded)
    }

    public static func encodeBoard(_ board: Board) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: estimatedSize(of: board))
        board.write(to: &writer)
        return writer.bytes
    }

    /// Decodes one op object (protocol section 4).
    public static func decodeOp(_ bytes: some Collection<UInt8>) throws(WireError) -> Op {
        try withContiguousBytes(bytes) { buffer throws(WireError) in try decode(buffer, as: Op.self) }
    }

    /// Decodes an op given as a value tree, by its compact bytes.
    public static func decodeOp(json: JSONValue) throws(WireError) -> Op {
        try decodeOp(json.encoded)
    }

    public static func encodeOp(_ op: Op) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: messageCapacity)
        op.write(to: &writer)
        return writer.bytes
    }

    // MARK: Buffer sizes

    /// Room for a typical message, so that encoding one rarely grows its buffer.
    static let messageCapacity = 256

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

    // MARK: Decoding

    /// Reads a message in one pass when it is written as the encoder writes it; otherwise
    /// validates `bytes` as one JSON value (any syntax error wins over every field's problem, as
    /// in a parse into a tree) and then reads the message object straight from them.
    static func decode<Value: WireDecodable>(
        _ bytes: UnsafeBufferPointer<UInt8>, as type: Value.Type
    ) throws(WireError) -> Value {
        #if !hasFeature(Embedded)
            // The one-pass reader is a second specialization of every decoder; the page's module
            // leaves it out to stay small (docs/BROWSER.md), and decodes exactly the same.
            if let value = StreamingFieldReader.decode(bytes, Value.init(wire:)) { return value }
        #endif
        do {
            try JSONValidator.validate(bytes)
        } catch {
            throw WireError(error)
        }
        var reader = try FieldReader(message: .document(bytes))
        return try Value(wire: &reader)
    }
}

/// A protocol type the codec decodes from a JSON object, through either field reader.
protocol WireDecodable {
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError)
}

extension ClientMessage: WireDecodable {}
extension ServerMessage: WireDecodable {}
extension Board: WireDecodable {}
extension Op: WireDecodable {}
