import BoardSync
import Foundation
import TestSupport

/// A minimal hand-written WebSocket client over `RawSocket`: it can put several frames into ONE
/// write, so that the server reads them in the same event-loop turn.
final class RawWebSocket: @unchecked Sendable {
    private let socket: RawSocket
    private var buffer: [UInt8] = []

    /// A frame the server sent.
    enum Frame: Equatable {
        case text(String)
        case close(UInt16?)
    }

    /// Why the raw client gave up.
    enum Failure: Error {
        case handshake(String)
        case closedWithoutFrame
    }

    init(port: Int, path: String, receiveBuffer: Int? = nil) throws {
        socket = try RawSocket(port: port, receiveBuffer: receiveBuffer)
        let request =
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
            + "Sec-WebSocket-Protocol: boardsync.v1\r\n\r\n"
        try socket.write(Array(request.utf8))
        let deadline = Date(timeIntervalSinceNow: 5)
        while buffer.firstRange(of: Array("\r\n\r\n".utf8)) == nil {
            guard let chunk = try socket.read(deadline: deadline) else { throw Failure.handshake("closed") }
            buffer += chunk
        }
        let end = buffer.firstRange(of: Array("\r\n\r\n".utf8))!.upperBound
        let head = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(end)
        guard head.hasPrefix("HTTP/1.1 101") else { throw Failure.handshake(head) }
    }

    deinit { socket.close() }

    /// Sends every message as one masked text frame, all in a single write.
    func sendTogether(_ messages: [[UInt8]]) throws {
        try socket.write(messages.flatMap { Self.maskedFrame(opcode: 0x1, payload: $0) })
    }

    func send(_ message: ClientMessage) throws {
        try sendTogether([WireCodec.encode(message)])
    }

    static func maskedFrame(opcode: UInt8, payload: [UInt8]) -> [UInt8] {
        var frame: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            frame += (0..<8).reversed().map { UInt8((UInt64(payload.count) >> (UInt64($0) * 8)) & 0xFF) }
        }
        let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return frame
    }

    /// The next complete message (continuations joined) or the close frame.
    func receive(timeout: Double = 5) throws -> Frame {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var message: [UInt8] = []
        while true {
            guard let (opcode, final, payload) = try nextFrame(deadline: deadline) else {
                throw Failure.closedWithoutFrame
            }
            switch opcode {
            case 0x8:
                return .close(payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil)
            case 0x9, 0xA:
                continue
            default:
                message += payload
                if final { return .text(String(decoding: message, as: UTF8.self)) }
            }
        }
    }

    /// The next server message decoded; throws on close.
    func receiveMessage(timeout: Double = 5) throws -> ServerMessage {
        switch try receive(timeout: timeout) {
        case .text(let text): return try WireCodec.decodeServerMessage(Array(text.utf8))
        case .close(let code): throw ProtocolClientError.closed(code)
        }
    }

    private func nextFrame(deadline: Date) throws -> (UInt8, Bool, [UInt8])? {
        while true {
            if buffer.count >= 2 {
                let opcode = buffer[0] & 0x0F
                let final = buffer[0] & 0x80 != 0
                var length = Int(buffer[1] & 0x7F)
                var offset = 2
                if length == 126, buffer.count >= 4 {
                    length = Int(buffer[2]) << 8 | Int(buffer[3])
                    offset = 4
                } else if length == 127, buffer.count >= 10 {
                    length = buffer[2..<10].reduce(0) { $0 << 8 | Int($1) }
                    offset = 10
                }
                if length < 126 || offset > 2, buffer.count >= offset + length {
                    let payload = Array(buffer[offset..<(offset + length)])
                    buffer.removeFirst(offset + length)
                    return (opcode, final, payload)
                }
            }
            guard let chunk = try socket.read(deadline: deadline) else { return nil }
            buffer += chunk
        }
    }
}
