import BoardSync
import Foundation

/// The payload of each kind of server message, or nil, for matching in `receive(until:)`.
extension ServerMessage {
    public var welcomeValue: Welcome? {
        if case .welcome(let value) = self { return value }
        return nil
    }

    public var ackValue: Ack? {
        if case .ack(let value) = self { return value }
        return nil
    }

    public var opValue: SequencedOp? {
        if case .op(let value) = self { return value }
        return nil
    }

    public var dragValue: Drag? {
        if case .drag(let value) = self { return value }
        return nil
    }

    public var presenceValue: Presence? {
        if case .presence(let value) = self { return value }
        return nil
    }

    public var errorValue: ErrorReport? {
        if case .error(let value) = self { return value }
        return nil
    }
}

/// Why a test client gave up.
public enum ProtocolClientError: Error {
    case unexpected(String)
    case closed(UInt16?)
}

/// A test client speaking the protocol: over a socket (`ProtocolClient`) or on an in-process
/// server's session (`InProcessClient`). The helpers below serve both.
public protocol ProtocolPeer {
    /// The client id it says `hello` with.
    var client: ClientID { get }
    func send(_ message: ClientMessage)
    func sendRaw(_ text: String)
    /// The next server message; throws when none comes in time or the connection closed.
    func receive(timeout: Double) throws -> ServerMessage
}

extension ProtocolPeer {
    /// The next server message within 5 seconds.
    public func receive() throws -> ServerMessage {
        try receive(timeout: 5)
    }

    /// Receives until a message matches, returning it (messages before it are dropped).
    public func receive<T>(timeout: Double = 5, until match: (ServerMessage) -> T?) throws -> T {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw ProtocolClientError.unexpected("no matching message") }
            if let found = match(try receive(timeout: remaining)) { return found }
        }
    }

    /// Sends a submit and returns its answer (an `ack` or an `error`), skipping broadcasts.
    public func submit(seq: Int, base: Int, _ op: Op, timeout: Double = 5) throws -> ServerMessage {
        send(.submit(.init(seq: seq, base: base, op: op)))
        return try receive(timeout: timeout) { message -> ServerMessage? in
            switch message {
            case .ack, .error: message
            default: nil
            }
        }
    }

    /// The next `error`, skipping everything else.
    public func nextError(timeout: Double = 5) throws -> ServerMessage.ErrorReport {
        try receive(timeout: timeout) { $0.errorValue }
    }

    /// The next `drag` broadcast, skipping everything else.
    public func nextDrag(timeout: Double = 5) throws -> ServerMessage.Drag {
        try receive(timeout: timeout) { $0.dragValue }
    }

    /// Proves the connection still works: a drag `begin` of an id that was never used is
    /// answered with `bad_op` naming it. Everything received before that answer is returned.
    @discardableResult
    public func probe(timeout: Double = 5) throws -> [ServerMessage] {
        let marker = ItemID("probe-" + String(UInt32.random(in: 0...UInt32.max), radix: 16))
        send(.drag(.begin(item: marker)))
        var before: [ServerMessage] = []
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let message = try receive(timeout: max(0.01, deadline.timeIntervalSinceNow))
            if let error = message.errorValue, error.item == marker, error.code == .badOp { return before }
            before.append(message)
        }
    }
}

/// Shorthands for ops in tests.
public enum Ops {
    public static func insert(
        _ id: ItemID, _ label: String? = nil, section: SectionID = "main", at index: Int = 0
    ) -> Op {
        .insert(item: Item(id: id, label: label ?? "label \(id)"), to: Position(section: section, index: index))
    }

    public static func move(_ id: ItemID, from: (SectionID, Int), to: (SectionID, Int)) -> Op {
        .move(item: id, from: Position(section: from.0, index: from.1), to: Position(section: to.0, index: to.1))
    }

    public static func delete(_ id: ItemID, section: SectionID = "main", at index: Int) -> Op {
        .delete(item: id, from: Position(section: section, index: index))
    }
}
