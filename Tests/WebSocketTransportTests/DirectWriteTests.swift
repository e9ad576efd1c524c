import Foundation
import ServerTransport
import TestSupport
import Testing
import WebSocketTransport

/// Writing straight from the send path: taken when the socket takes the bytes, left for
/// WRITEABLE when it does not, and in both cases every frame arrives once and in order; a reader
/// that stops is still closed with 1013 at the queue cap.
@Suite struct DirectWriteTests {
    @Test func aWritableSocketIsWrittenStraightFromTheSendPath() throws {
        let (server, _) = try startServer()
        defer { stopServer(server) }
        let client = try BlockingWebSocket(url: url(server))
        let frames = 20
        for index in 0..<frames {
            server.post { [server] in server.broadcast(OutboundFrame(text: "frame \(index)"), to: server.connections) }
            #expect(try client.receiveText() == "frame \(index)")
        }
        let counts = try Self.writeCounts(server)
        #expect(counts.direct == frames, "\(counts)")
        #expect(counts.afterWaiting == 0, "\(counts)")
    }

    @Test func framesQueuedInOneStepGoOutInOneDirectWrite() throws {
        let (server, _) = try startServer()
        defer { stopServer(server) }
        let client = try BlockingWebSocket(url: url(server))
        server.post { [server] in
            for index in 0..<10 { server.broadcast(OutboundFrame(text: "frame \(index)"), to: server.connections) }
        }
        for index in 0..<10 { #expect(try client.receiveText() == "frame \(index)") }
        let counts = try Self.writeCounts(server)
        #expect(counts.direct == 1 && counts.afterWaiting == 0, "\(counts)")
    }

    @Test func aReaderThatPausesGetsEveryFrameInOrderOnceTheSocketTakesMore() throws {
        // A cap far above what is sent: this reader is slow, not a slow consumer to drop.
        let (server, _) = try startServer { $0.maxQueuedBytes = 256 * 1024 * 1024 }
        defer { stopServer(server) }
        let context = try ClientContext()
        defer { context.shutdown() }
        let reader = SequenceRecorder()
        let connection = try context.connect(to: url(server), handler: reader)
        #expect(reader.state.wait { $0.opened })
        connection.pauseReceiving()
        // 32 MiB in bursts of 16 from separate steps: far more than the loopback socket buffers
        // hold, so writes back up while the reader pauses.
        let total = 2_048
        let padding = String(repeating: "p", count: 16 * 1024)
        for burst in stride(from: 0, to: total, by: 16) {
            server.post { [server] in
                for index in burst..<(burst + 16) {
                    server.broadcast(OutboundFrame(text: "\(index):" + padding), to: server.connections)
                }
            }
        }
        #expect(
            Self.eventually(server, timeout: 10) { ($0.connections.first?.queuedBytes ?? 0) > 1_000_000 },
            "the server never had to hold frames back for the paused reader")
        connection.resumeReceiving()
        #expect(reader.state.wait(timeout: 30) { $0.next == total || $0.outOfOrder > 0 })
        #expect(reader.state.read { $0.next } == total)
        #expect(reader.state.read { $0.outOfOrder } == 0)
        let counts = try Self.writeCounts(server)
        #expect(counts.afterWaiting > 0, "\(counts)")
        #expect(counts.direct > 0, "\(counts)")
    }

    @Test func manyReadersGetEveryFrameInOrderUnderLoad() throws {
        let (server, _) = try startServer { $0.maxQueuedBytes = 64 * 1024 * 1024 }
        defer { stopServer(server) }
        let context = try ClientContext()
        defer { context.shutdown() }
        let readers = (0..<20).map { _ in SequenceRecorder() }
        for reader in readers { _ = try context.connect(to: url(server), handler: reader) }
        for reader in readers { #expect(reader.state.wait { $0.opened }) }
        let total = 3_000
        let sent = Watched(0)
        // Bursts of 1 to 50 frames of mixed sizes, one burst per timer step, as fast as it goes.
        @Sendable func pump() {
            let start = sent.read { $0 }
            guard start < total else { return }
            let end = min(total, start + 1 + start % 50)
            for index in start..<end {
                let text = "\(index):" + String(repeating: "x", count: (index * 37) % 1_500)
                server.broadcast(OutboundFrame(text: text), to: server.connections)
            }
            sent.update { $0 = end }
            server.schedule(after: 0) { pump() }
        }
        server.post { pump() }
        for reader in readers {
            #expect(reader.state.wait(timeout: 30) { $0.next == total || $0.outOfOrder > 0 })
            #expect(reader.state.read { ($0.next, $0.outOfOrder) } == (total, 0))
        }
        #expect(try Self.writeCounts(server).direct > 0)
    }

    /// The reader is a raw socket with a small receive buffer (libwebsockets 4.1.6's own client
    /// reports a received 1013 as 1002), which reads nothing until the server gave up on it.
    @Test func aReaderThatStopsIsClosedWith1013AtTheCap() throws {
        let (server, handler) = try startServer { $0.maxQueuedBytes = 1024 * 1024 }
        defer { stopServer(server) }
        let reader = try #require(RawFrameReader(port: server.port, receiveBuffer: 8 * 1024))
        defer { reader.close() }
        #expect(handler.log.wait { $0.opened == 1 })
        let padding = String(repeating: "s", count: 8 * 1024)
        let flood = Watched(0)
        @Sendable func pump() {
            guard server.connections.allSatisfy(\.isOpen) else { return }
            let start = flood.read { $0 }
            for index in start..<(start + 64) {
                server.broadcast(OutboundFrame(text: "\(index):" + padding), to: server.connections)
            }
            flood.update { $0 = start + 64 }
            server.schedule(after: 0.001) { pump() }
        }
        server.post { pump() }
        // The cap closes the connection at once; the handler hears of it when the socket closes.
        #expect(Self.eventually(server, timeout: 20) { !$0.connections.contains(where: \.isOpen) })
        let frames = reader.readUntilClose(timeout: 10)
        let texts = frames.filter { $0.opcode == 1 }
        let numbers = texts.map { frame in
            Int(String(decoding: frame.payload.prefix { $0 != UInt8(ascii: ":") }, as: UTF8.self))
        }
        #expect(!texts.isEmpty, "frames queued before the cap arrive")
        #expect(numbers == Array(0..<texts.count), "in order and without gaps")
        #expect(texts.count < flood.read { $0 }, "frames beyond the cap are dropped")
        let close = try #require(frames.last, "no close frame")
        #expect(
            close.opcode == 8 && Array(close.payload.prefix(2)) == [0x03, 0xF5], "close \(close.payload.prefix(2))")
        #expect(handler.log.wait { $0.closed == [.slowConsumer] })
    }

    static func writeCounts(_ server: WebSocketServer) throws -> WriteCounts {
        try onServiceThread(server) { $0.writeCounts }
    }

    /// Reads `value` of `server` on its service thread.
    static func onServiceThread<Value: Sendable>(
        _ server: WebSocketServer, _ value: @escaping @Sendable (WebSocketServer) -> Value
    ) throws -> Value {
        let result = Watched<Value?>(nil)
        server.post { [server] in result.update { $0 = value(server) } }
        #expect(result.wait { $0 != nil })
        return try #require(result.read { $0 })
    }

    /// Waits until `condition` holds for `server`: it is checked on the service thread, where the
    /// state lives, on every millisecond timer until then, and its holding is signalled to the
    /// waiting test; false after `timeout` seconds.
    static func eventually(
        _ server: WebSocketServer, timeout: Double, _ condition: @escaping @Sendable (WebSocketServer) -> Bool
    ) -> Bool {
        let held = Watched(false)
        let gaveUp = Watched(false)
        @Sendable func check() {
            if condition(server) {
                held.update { $0 = true }
            } else if !gaveUp.read({ $0 }) {
                server.schedule(after: 0.001) { check() }
            }
        }
        server.post { check() }
        let holds = held.wait(timeout: timeout) { $0 }
        gaveUp.update { $0 = true }
        return holds
    }
}

/// Checks that numbered text frames ("N:...") arrive as 0, 1, 2, ... without gaps or repeats.
final class SequenceRecorder: ClientConnectionHandler, @unchecked Sendable {
    struct State {
        var opened = false
        /// The number expected next: how many arrived in order.
        var next = 0
        var outOfOrder = 0
        var closeCodes: [UInt16?] = []
    }

    let state = Watched(State())

    func connection(_ connection: ClientConnection, didReceive event: ClientEvent) {
        switch event {
        case .opened: state.update { $0.opened = true }
        case .closed(let code, _): state.update { $0.closeCodes.append(code) }
        default: break
        }
    }

    func connection(_ connection: ClientConnection, didReceiveMessage bytes: UnsafeRawBufferPointer, binary: Bool) {
        var number = 0
        for byte in bytes {
            guard byte != UInt8(ascii: ":") else { break }
            number = number * 10 + Int(byte) - Int(UInt8(ascii: "0"))
        }
        state.update { state in
            if number == state.next { state.next += 1 } else { state.outOfOrder += 1 }
        }
    }
}

/// A WebSocket client on a plain TCP socket that reads the server's frames itself.
final class RawFrameReader {
    private let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects with a receive buffer of `receiveBuffer` bytes and completes the upgrade.
    init?(port: Int, receiveBuffer: Int32) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        self.fd = fd
        var size = receiveBuffer
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var time = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        let request = Array(
            ("GET /boards/raw HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8)
        guard connected == 0, write(fd, request, request.count) == request.count else {
            Glibc.close(fd)
            return nil
        }
        let end = Array("\r\n\r\n".utf8)
        while !buffer.starts(with: Array("HTTP/1.1 101".utf8)) || buffer.firstRange(of: end) == nil {
            guard readMore() else {
                Glibc.close(fd)
                return nil
            }
        }
        buffer.removeSubrange(..<buffer.firstRange(of: end)!.upperBound)
    }

    /// Reads frames until a close frame (included) arrives, the peer hangs up or `timeout` passes.
    func readUntilClose(timeout: Double) -> [(opcode: UInt8, payload: [UInt8])] {
        var frames: [(UInt8, [UInt8])] = []
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            while let frame = nextFrame() {
                frames.append(frame)
                if frame.opcode == 8 { return frames }
            }
            guard readMore() else { break }
        }
        return frames
    }

    func close() { Glibc.close(fd) }

    private func readMore() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = read(fd, &chunk, chunk.count)
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Takes one complete unmasked frame off the buffer.
    private func nextFrame() -> (opcode: UInt8, payload: [UInt8])? {
        guard buffer.count >= 2 else { return nil }
        var length = Int(buffer[1] & 0x7f)
        var header = 2
        if length >= 126 {
            let extra = length == 126 ? 2 : 8
            guard buffer.count >= 2 + extra else { return nil }
            length = buffer[2..<(2 + extra)].reduce(0) { $0 << 8 | Int($1) }
            header += extra
        }
        guard buffer.count >= header + length else { return nil }
        let frame = (buffer[0] & 0x0f, Array(buffer[header..<(header + length)]))
        buffer.removeSubrange(..<(header + length))
        return frame
    }
}
