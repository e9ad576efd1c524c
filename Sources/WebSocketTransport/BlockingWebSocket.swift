import Foundation

/// A single client connection with a blocking, condition-variable based API, for tests
/// and scripts. Every method may be called from any thread except the context's service thread.
public final class BlockingWebSocket: @unchecked Sendable {
    /// A received message or the end of the connection.
    public enum Message: Equatable, Sendable {
        case text(String)
        case binary([UInt8])
        /// The connection ended (see `ClientEvent.closed`); repeated by later `receive` calls.
        case closed(code: UInt16?, reason: String)
    }

    /// Why a blocking call gave up.
    public enum Failure: Error, Equatable {
        case timedOut
        case closed(code: UInt16?)
        case unexpected(String)
    }

    private final class Inbox: ClientConnectionHandler, @unchecked Sendable {
        let condition = NSCondition()
        var opened: String??
        var connectError: ClientConnectError?
        var messages: [Message] = []
        var ended: Message?

        func connection(_ connection: ClientConnection, didReceive event: ClientEvent) {
            condition.lock()
            defer {
                condition.broadcast()
                condition.unlock()
            }
            switch event {
            case .opened(let subprotocol):
                opened = .some(subprotocol)
            case .text(let bytes):
                messages.append(.text(String(decoding: bytes, as: UTF8.self)))
            case .binary(let bytes):
                messages.append(.binary(bytes))
            case .closed(let code, let reason):
                ended = .closed(code: code, reason: reason)
            case .connectFailed(let error):
                connectError = error
            }
        }

        /// Waits until `ready` returns a value or the deadline passes.
        func wait<T>(timeout: Double, _ ready: () -> T?) -> T? {
            let deadline = Date(timeIntervalSinceNow: timeout)
            condition.lock()
            defer { condition.unlock() }
            while true {
                if let value = ready() { return value }
                if !condition.wait(until: deadline) { return ready() }
            }
        }
    }

    /// The underlying connection (for pausing, raw frames and fragments).
    public let connection: ClientConnection
    /// The subprotocol the server chose, or nil.
    public let subprotocol: String?
    private let inbox: Inbox
    private let context: ClientContext
    private let ownsContext: Bool

    /// Connects and waits for the handshake. Uses `context` if given, else a private one
    /// that is shut down with this object.
    public init(
        url: String, options: ClientConnectOptions = .init(), timeout: Double = 5, context: ClientContext? = nil
    ) throws {
        let inbox = Inbox()
        let owned = context == nil
        let secure = WebSocketURL(url)?.isSecure ?? false
        let context = try context ?? ClientContext(configuration: ClientContextConfiguration(enablesTLS: secure))
        let connection: ClientConnection
        do {
            connection = try context.connect(to: url, options: options, handler: inbox)
        } catch {
            if owned { context.shutdown() }
            throw error
        }
        enum Outcome { case opened(String?), failed(ClientConnectError) }
        let outcome = inbox.wait(timeout: timeout) { () -> Outcome? in
            if let error = inbox.connectError { return .failed(error) }
            if let opened = inbox.opened { return .opened(opened) }
            if inbox.ended != nil { return .failed(.failed("closed during the handshake")) }
            return nil
        }
        switch outcome {
        case .opened(let subprotocol):
            self.subprotocol = subprotocol
        case .failed(let error):
            if owned { context.shutdown() }
            throw error
        case nil:
            connection.close(code: 1000)
            if owned { context.shutdown() }
            throw ClientConnectError.timedOut
        }
        self.inbox = inbox
        self.connection = connection
        self.context = context
        self.ownsContext = owned
    }

    deinit {
        connection.close(code: 1000)
        if ownsContext { context.shutdown() }
    }

    /// Sends one text message.
    public func send(_ text: String) {
        connection.send(text: text)
    }

    /// Waits for the next message; after the connection ended returns `.closed` every time.
    public func receive(timeout: Double = 5) throws -> Message {
        let message = inbox.wait(timeout: timeout) { () -> Message? in
            if !inbox.messages.isEmpty { return inbox.messages.removeFirst() }
            return inbox.ended
        }
        guard let message else { throw Failure.timedOut }
        return message
    }

    /// Receives until a text message arrives, skipping nothing else; throws on close or timeout.
    public func receiveText(timeout: Double = 5) throws -> String {
        switch try receive(timeout: timeout) {
        case .text(let text): return text
        case .binary: throw Failure.unexpected("binary message")
        case .closed(let code, _): throw Failure.closed(code: code)
        }
    }

    /// Waits for the connection to end, dropping any messages still arriving.
    public func waitForClose(timeout: Double = 5) throws -> (code: UInt16?, reason: String) {
        let ended = inbox.wait(timeout: timeout) { () -> Message? in
            inbox.messages.removeAll()
            return inbox.ended
        }
        guard case .closed(let code, let reason) = ended else { throw Failure.timedOut }
        return (code, reason)
    }

    /// Sends a close frame with `code`.
    public func close(code: UInt16 = 1000, reason: String = "") {
        connection.close(code: code, reason: reason)
    }
}
