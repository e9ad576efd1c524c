/// Turns terminal input bytes into `InputEvent`s. Bytes may arrive split
/// anywhere, even inside an escape sequence or a UTF-8 character: what cannot
/// be decoded yet waits for the next `feed`.
///
/// A lone ESC byte looks like the start of a sequence, so it stays pending;
/// when `hasPendingEscape` is true the caller should wait briefly (about
/// 25 ms) for more input and otherwise call `flushPendingEscape()`.
public struct InputDecoder: Sendable {
    private var pending: [UInt8] = []
    private var pasteContent: [UInt8]?

    /// Longest escape sequence accepted; longer ones are dropped.
    static let maximumSequenceLength = 64
    private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    public init() {}

    /// True when input ends in an ESC that may or may not start a sequence.
    public var hasPendingEscape: Bool {
        pasteContent == nil && pending.first == 0x1B
    }

    /// True while inside a bracketed paste whose end has not arrived.
    public var isInsidePaste: Bool { pasteContent != nil }

    /// Decodes as many events as `bytes` (with what was left pending) allow.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        return drain()
    }

    /// Treats a pending ESC as the Escape key, then decodes the rest.
    public mutating func flushPendingEscape() -> [InputEvent] {
        var events: [InputEvent] = []
        while hasPendingEscape {
            events += drain()
            guard hasPendingEscape else { break }
            pending.removeFirst()
            events.append(.key(.escape))
        }
        return events + drain()
    }

    private mutating func drain() -> [InputEvent] {
        var events: [InputEvent] = []
        var start = 0
        while start < pending.count {
            if pasteContent != nil {
                if let event = consumePaste(from: &start) {
                    events.append(event)
                    continue
                }
                break
            }
            guard case .decoded(let event, let length) = InputParser.parse(pending, from: start) else { break }
            start += length
            if event == .startPaste {
                pasteContent = []
            } else if case .event(let inputEvent) = event {
                events.append(inputEvent)
            }
        }
        pending.removeFirst(start)
        return events
    }

    /// Moves paste bytes out of `pending`; returns the paste once its end marker arrived.
    private mutating func consumePaste(from start: inout Int) -> InputEvent? {
        let available = pending[start...]
        if let end = available.firstRange(of: Self.pasteEnd) {
            let content = (pasteContent ?? []) + pending[start..<end.lowerBound]
            pasteContent = nil
            start = end.upperBound
            return .paste(Self.normalizedPaste(content))
        }
        let keep = min(Self.pasteEnd.count - 1, available.count)
        let movable = available.count - keep
        pasteContent?.append(contentsOf: pending[start..<(start + movable)])
        start += movable
        return nil
    }

    private static func normalizedPaste(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
            .replacing("\r\n", with: "\n")
            .replacing("\r", with: "\n")
    }
}
