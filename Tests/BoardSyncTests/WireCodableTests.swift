import Foundation
import Testing

@testable import BoardSync

/// The `Codable` forms of the protocol types are the protocol's JSON.
@Suite struct WireCodableTests {
    @Test(arguments: WireFixture.serverMessages.keys.sorted())
    func serverMessagesThroughFoundation(_ name: String) throws {
        let message = try #require(WireFixture.serverMessages[name])
        let fromFoundation = try JSONDecoder().decode(
            ServerMessage.self, from: Data(WireFixture.bytes("server/\(name)")))
        #expect(fromFoundation == message)
        let encoded = try JSONEncoder().encode(message)
        #expect(try WireCodec.decodeServerMessage(encoded) == message)
    }

    @Test(arguments: WireFixture.clientMessages.keys.sorted())
    func clientMessagesThroughFoundation(_ name: String) throws {
        let message = try #require(WireFixture.clientMessages[name])
        let fromFoundation = try JSONDecoder().decode(
            ClientMessage.self, from: Data(WireFixture.bytes("client/\(name)")))
        #expect(fromFoundation == message)
        #expect(try WireCodec.decodeClientMessage(JSONEncoder().encode(message)) == message)
    }

    @Test func boardsAndOpsThroughFoundation() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for board in WireFixture.boards.values {
            #expect(try WireCodec.decodeBoard(encoder.encode(board)) == board)
            #expect(try JSONDecoder().decode(Board.self, from: Data(WireCodec.encodeBoard(board))) == board)
        }
        for op in WireFixture.ops.values {
            #expect(try WireCodec.decodeOp(encoder.encode(op)) == op)
            #expect(try JSONDecoder().decode(Op.self, from: Data(WireCodec.encodeOp(op))) == op)
        }
        let sorted = try String(decoding: encoder.encode(WireFixture.op("moveSection")), as: UTF8.self)
        #expect(sorted == #"{"from":1,"index":0,"kind":"moveSection","section":"done"}"#)
    }

    @Test func strictRulesApplyThroughFoundation() throws {
        let bad = Data(
            #"{"type":"submit","seq":0,"base":0,"op":{"kind":"delete","item":"a","from":{"section":"s","index":0}}}"#
                .utf8)
        do {
            _ = try JSONDecoder().decode(ClientMessage.self, from: bad)
            Issue.record("decoded a submit with seq 0")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.underlyingError as? WireError == .outOfRange("seq"))
            #expect(context.debugDescription == #"field "seq" is out of range"#)
        }
    }

    @Test func codableMessagesNestInOtherCodableTypes() throws {
        struct Envelope: Codable, Equatable {
            var messages: [ServerMessage]
        }
        let envelope = Envelope(
            messages: WireFixture.serverMessages.keys.sorted().map { WireFixture.serverMessages[$0]! })
        let data = try JSONEncoder().encode(envelope)
        #expect(try JSONDecoder().decode(Envelope.self, from: data) == envelope)
    }
}
