import BoardSync

/// The sessions of one WebAssembly instance, by handle, with the byte-level calls its exports
/// make: every call takes JSON (or wire) text and answers JSON text, so a page needs no other
/// channel. Handles start at 1 and are never reused.
public struct BrowserSessions {
    /// Each session in a box of its own, so that a call changes it in place instead of copying
    /// the whole client state in and out of the dictionary.
    private final class Slot {
        var session: BrowserSession

        init(_ session: BrowserSession) {
            self.session = session
        }
    }

    private var sessions: [Int: Slot] = [:]
    private var nextHandle = 1

    public init() {}

    /// Opens a session from `SessionParameters` JSON. Answers the first step with its
    /// `session` handle (the status and the empty view), or `{"error": …}`.
    public mutating func open(_ parameters: [UInt8]) -> [UInt8] {
        let decoded: SessionParameters
        do {
            decoded = try SessionParameters(json: parameters)
        } catch {
            return errorJSON(error.message)
        }
        let handle = nextHandle
        nextHandle += 1
        let slot = Slot(BrowserSession(decoded))
        let step = slot.session.perform(.state)
        sessions[handle] = slot
        var writer = JSONWriter(reservingCapacity: 512)
        step.write(to: &writer, session: handle)
        return writer.bytes
    }

    /// A server message for session `handle`.
    public mutating func receive(session handle: Int, _ wireText: [UInt8]) -> [UInt8] {
        guard let step = sessions[handle]?.session.receive(wireText) else {
            return errorJSON(BrowserInputError.unknownSession(handle).message)
        }
        return step.json
    }

    /// An intent for session `handle`.
    public mutating func perform(session handle: Int, _ intentJSON: [UInt8]) -> [UInt8] {
        guard let step = sessions[handle]?.session.perform(intentJSON) else {
            return errorJSON(BrowserInputError.unknownSession(handle).message)
        }
        return step.json
    }

    /// What session `handle` keeps now (`SavedSession`'s JSON form), `null` before its first
    /// welcome.
    public func saved(session handle: Int) -> [UInt8] {
        guard let slot = sessions[handle] else { return errorJSON(BrowserInputError.unknownSession(handle).message) }
        return slot.session.savedJSON() ?? Array("null".utf8)
    }

    /// Forgets session `handle`; false when there was none.
    public mutating func close(session handle: Int) -> Bool {
        sessions.removeValue(forKey: handle) != nil
    }

    /// How many sessions are open.
    public var count: Int { sessions.count }
}

/// `{"error": "<message>"}`, the answer to input that opened, changed or decoded nothing.
func errorJSON(_ message: String) -> [UInt8] {
    var writer = JSONWriter()
    writer.openObject()
    writer.field("error", message)
    writer.closeObject()
    return writer.bytes
}
