import Foundation
import Testing

@testable import BoardSync

/// Every golden fixture decodes to its hand-written value and re-encodes to the same bytes.
@Suite struct WireFixtureTests {
    @Test(arguments: WireFixture.clientMessages.keys.sorted())
    func clientMessage(_ name: String) throws {
        let bytes = try WireFixture.bytes("client/\(name)")
        let decoded = try WireCodec.decodeClientMessage(bytes)
        #expect(decoded == WireFixture.clientMessages[name])
        #expect(String(decoding: WireCodec.encode(decoded), as: UTF8.self) == String(decoding: bytes, as: UTF8.self))
    }

    @Test(arguments: WireFixture.serverMessages.keys.sorted())
    func serverMessage(_ name: String) throws {
        let bytes = try WireFixture.bytes("server/\(name)")
        let decoded = try WireCodec.decodeServerMessage(bytes)
        #expect(decoded == WireFixture.serverMessages[name])
        #expect(String(decoding: WireCodec.encode(decoded), as: UTF8.self) == String(decoding: bytes, as: UTF8.self))
    }

    @Test(arguments: WireFixture.ops.keys.sorted())
    func op(_ kind: String) throws {
        let bytes = try WireFixture.bytes("ops/\(kind)")
        let decoded = try WireCodec.decodeOp(bytes)
        #expect(decoded == WireFixture.ops[kind])
        #expect(decoded.kind == kind)
        #expect(WireCodec.encodeOp(decoded) == bytes)
    }

    @Test(arguments: WireFixture.boards.keys.sorted())
    func board(_ name: String) throws {
        let bytes = try WireFixture.bytes("board/\(name)")
        let decoded = try WireCodec.decodeBoard(bytes)
        #expect(decoded == WireFixture.boards[name])
        #expect(WireCodec.encodeBoard(decoded) == bytes)
    }

    @Test func everyOpKindHasAFixture() {
        #expect(Set(WireFixture.ops.values.map(\.kind)).count == 8)
    }

    @Test func decodingFromRawMemoryMatchesDecodingFromAnArray() throws {
        let bytes = try WireFixture.bytes("server/welcome-board")
        let fromMemory = try bytes.withUnsafeBytes { raw throws(WireError) in try WireCodec.decodeServerMessage(raw) }
        #expect(fromMemory == WireFixture.serverMessages["welcome-board"])
        let fromData = try WireCodec.decodeServerMessage(Data(bytes))
        #expect(fromData == fromMemory)
    }

    @Test func refusedInputIsAnsweredWithABadMessageError() throws {
        let error = #expect(throws: WireError.self) { try WireCodec.decodeClientMessage(Array("{}".utf8)) }
        let report = ServerMessage.ErrorReport(refusing: try #require(error))
        #expect(WireCodec.encode(.error(report)) == (try WireFixture.bytes("server/error")))
    }

    @Test func encodingAppendsAfterExistingBytes() throws {
        let message = try #require(WireFixture.serverMessages["ack"])
        var buffer: [UInt8] = [0, 0, 0, 0]
        WireCodec.encode(message, appendingTo: &buffer)
        #expect(buffer == [0, 0, 0, 0] + WireCodec.encode(message))
    }

    @Test func theProtocolsSnapshotExampleDecodesAndEncodesCompactly() throws {
        let example = """
            {"id": "team", "version": 42,
             "sections": [{"id": "todo", "title": "To do",
                           "items": [{"id": "a1", "label": "Mail"}, {"id": "b2", "label": "Maps"}]}]}
            """
        let board = try WireCodec.decodeBoard(Array(example.utf8))
        #expect(board.sections.map(\.items.count) == [2])
        #expect(
            String(decoding: WireCodec.encodeBoard(board), as: UTF8.self)
                == #"{"id":"team","version":42,"sections":[{"id":"todo","title":"To do","items":[{"id":"a1","label":"Mail"},{"id":"b2","label":"Maps"}]}]}"#
        )
    }
}
