import Foundation
import ServerTransport
import TestSupport
import Testing

@testable import WebSocketTransport

/// Records the messages it is handed in place, and every other event.
private final class BorrowingClientHandler: ClientConnectionHandler, @unchecked Sendable {
    struct Log {
        var opened = false
        var messages: [(text: String, binary: Bool)] = []
        var copiedEvents = 0
    }

    let log = Watched(Log())

    func connection(_ connection: ClientConnection, didReceive event: ClientEvent) {
        log.update { log in
            switch event {
            case .opened: log.opened = true
            case .text, .binary: log.copiedEvents += 1
            default: break
            }
        }
    }

    func connection(_ connection: ClientConnection, didReceiveMessage bytes: UnsafeRawBufferPointer, binary: Bool) {
        let text = String(decoding: bytes, as: UTF8.self)
        log.update { $0.messages.append((text, binary)) }
    }
}

@Suite struct ClientBorrowedReceiveTests {
    @Test func handsWholeAndCollectedMessagesToTheBorrowingHandler() throws {
        let (server, _) = try startServer()
        defer { stopServer(server) }
        let configuration = ClientContextConfiguration(
            shutdownGracePeriod: 0.2, receiveBufferSize: 1024, minimumTurnInterval: 0.000_2)
        let context = try ClientContext(configuration: configuration)
        defer { context.shutdown() }
        let handler = BorrowingClientHandler()
        let connection = try context.connect(to: url(server), handler: handler)
        #expect(handler.log.wait { $0.opened })
        let large = String(repeating: "0123456789", count: 500)
        connection.send(text: "short")
        connection.send(text: large)
        connection.sendFragments([Array("frag".utf8), Array("ments".utf8)])
        #expect(handler.log.wait { $0.messages.count == 3 })
        let messages = handler.log.read { $0.messages }
        #expect(messages.map(\.text) == ["short", large, "fragments"])
        #expect(messages.allSatisfy { !$0.binary })
        #expect(handler.log.read { $0.copiedEvents } == 0)
    }

    @Test func defaultHandlersStillReceiveCopiedEvents() throws {
        let (server, _) = try startServer()
        defer { stopServer(server) }
        let context = try ClientContext(configuration: ClientContextConfiguration(shutdownGracePeriod: 0.2))
        defer { context.shutdown() }
        let handler = CountingClientHandler()
        let connection = try context.connect(to: url(server), handler: handler)
        #expect(handler.counts.wait { $0.opened == 1 })
        connection.send(text: "copied")
        #expect(handler.counts.wait { $0.texts == 1 })
        #expect(handler.counts.read { $0.lastText } == "copied")
    }

    @Test func assemblerDeliversSingleChunksInPlaceAndCollectsFragments() {
        var assembler = MessageAssembler(limit: 8)
        var delivered: [[UInt8]] = []
        var addresses: [UnsafeRawPointer?] = []
        let whole: [UInt8] = Array("whole".utf8)
        whole.withUnsafeBytes { chunk in
            let progress = assembler.append(chunk, isFinal: true) { message in
                delivered.append(Array(message))
                addresses.append(message.baseAddress)
            }
            #expect(progress == .delivered)
            #expect(addresses.last == chunk.baseAddress)
        }
        let parts: [[UInt8]] = [Array("ab".utf8), Array("cd".utf8)]
        parts[0].withUnsafeBytes {
            #expect(assembler.append($0, isFinal: false) { delivered.append(Array($0)) } == .needMore)
        }
        parts[1].withUnsafeBytes {
            #expect(assembler.append($0, isFinal: true) { delivered.append(Array($0)) } == .delivered)
        }
        let tooMuch: [UInt8] = Array("123456789".utf8)
        tooMuch.withUnsafeBytes {
            #expect(assembler.append($0, isFinal: true) { delivered.append(Array($0)) } == .tooLarge)
        }
        #expect(delivered == [whole, Array("abcd".utf8)])
    }
}
