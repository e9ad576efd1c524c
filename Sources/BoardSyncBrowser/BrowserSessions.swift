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

    /// The session of handle `h` at index `h - 1`; nil once closed. An array, not a dictionary
    /// keyed by handle: handles are never reused, a page opens a few sessions, and a dictionary
    /// of its own type would cost the WebAssembly module about 1.7 KB.
    private var slots: [Slot?] = []
    /// How many sessions are open.
    public private(set) var count = 0

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
        let slot = Slot(BrowserSession(decoded))
        let step = slot.session.perform(.state)
        slots.append(slot)
        count += 1
        let handle = slots.count
        var writer = JSONWriter(reservingCapacity: 512)
        step.write(to: &writer, session: handle)
        return writer.bytes
    }

    /// A server message for session `handle`.
    public mutating func receive(session handle: Int, _ wireText: [UInt8]) -> [UInt8] {
        guard let step = slot(handle)?.session.receive(wireText) else {
            return errorJSON(BrowserInputError.unknownSession(handle).message)
        }
        return step.json
    }

    /// An intent for session `handle`.
    public mutating func perform(session handle: Int, _ intentJSON: [UInt8]) -> [UInt8] {
        guard let step = slot(handle)?.session.perform(intentJSON) else {
            return errorJSON(BrowserInputError.unknownSession(handle).message)
        }
        return step.json
    }

    /// What session `handle` keeps now (`SavedSession`'s JSON form), `null` before its first
    /// welcome.
    public func saved(session handle: Int) -> [UInt8] {
        guard let slot = slot(handle) else { return errorJSON(BrowserInputError.unknownSession(handle).message) }
        return slot.session.savedJSON() ?? Array("null".utf8)
    }

    /// Forgets session `handle`; false when there was none.
    public mutating func close(session handle: Int) -> Bool {
        guard slot(handle) != nil else { return false }
        slots[handle - 1] = nil
        count -= 1
        return true
    }

    /// The open session of `handle`, if any.
    private func slot(_ handle: Int) -> Slot? {
        slots.indices.contains(handle - 1) ? slots[handle - 1] : nil
    }
}

/// `{"error": "<message>"}`, the answer to input that opened, changed or decoded nothing.
func errorJSON(_ message: String) -> [UInt8] {
    var writer = JSONWriter()
    writer.openObject()
    writer.field("error", message)
    writer.closeObject()
    return writer.bytes
}
