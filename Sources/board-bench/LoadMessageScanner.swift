import Glibc

/// Reads the few fields the load generator needs straight from a received frame's bytes,
/// without building a JSON tree or copying the frame (the generator must stay cheaper than the
/// server it measures). The bytes are borrowed: a scanner is valid only while they are.
struct LoadMessageScanner {
    /// The message kinds the generator reacts to.
    enum Kind: Equatable {
        case welcome, ack, op, drag, error, other
    }

    let bytes: UnsafeRawBufferPointer

    var kind: Kind {
        guard let start = end(of: "\"type\":\"", from: 0), start < bytes.count else { return .other }
        switch bytes[start] {
        case UInt8(ascii: "w"): return .welcome
        case UInt8(ascii: "a"): return .ack
        case UInt8(ascii: "o"): return .op
        case UInt8(ascii: "d"): return .drag
        case UInt8(ascii: "e"): return .error
        default: return .other
        }
    }

    /// The send time embedded in the first label (`"label":"t123"`).
    var labelTime: Int64? { integer(after: "\"label\":\"t", from: 0) }

    /// The first `"version":N`.
    var version: Int? { integer(after: Self.versionKey, from: 0).map(Int.init) }

    /// The largest `"version":N` anywhere in the message (a welcome's current version).
    var highestVersion: Int? {
        var best: Int64?
        var position = 0
        while let start = end(of: Self.versionKey, from: position) {
            if let value = number(at: start) { best = max(best ?? value, value) }
            position = start
        }
        return best.map(Int.init)
    }

    var seq: Int? { integer(after: "\"seq\":", from: 0).map(Int.init) }

    /// Whether a drag message is an `over`, the dragger number of its item (`"item":"d12"`) and
    /// the `index` of its `to` position. Read in one pass when the fields come in the
    /// order the server writes them (`action`, …, `item`, `from`, `to`): each search continues
    /// where the previous field was found, and searches the whole message when that fails.
    var dragFields: (isOver: Bool, itemNumber: Int?, targetIndex: Int?) {
        guard let action = end(of: "\"action\":\"over\"", from: 0) else { return (false, nil, nil) }
        let item = endInOrder(of: "\"item\":\"d", after: action)
        let number = item.flatMap(number(at:)).map(Int.init)
        guard let to = endInOrder(of: "\"to\":", after: item ?? action) else { return (true, number, nil) }
        return (true, number, integer(after: "\"index\":", from: to).map(Int.init))
    }

    /// The first `limit` bytes as text (for error reports).
    func prefixText(_ limit: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes.prefix(limit)), as: UTF8.self)
    }

    private static let versionKey: StaticString = "\"version\":"

    private func integer(after key: StaticString, from position: Int) -> Int64? {
        end(of: key, from: position).flatMap(number(at:))
    }

    private func number(at start: Int) -> Int64? {
        var value: Int64 = 0
        var index = start
        while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57, index - start < 18 {
            value = value * 10 + Int64(bytes[index] - 48)
            index += 1
        }
        return index > start ? value : nil
    }

    /// Like `end(of:from:)` from `position`, falling back to the whole message.
    private func endInOrder(of pattern: StaticString, after position: Int) -> Int? {
        end(of: pattern, from: position) ?? end(of: pattern, from: 0)
    }

    /// The index just past the first occurrence of `pattern` (at least two bytes long) at or
    /// after `position`. Candidates are found by their first two bytes loaded as one word.
    private func end(of pattern: StaticString, from position: Int) -> Int? {
        let length = pattern.utf8CodeUnitCount
        guard let base = bytes.baseAddress, length >= 2, position >= 0, bytes.count - position >= length else {
            return nil
        }
        let needle = UnsafeRawPointer(pattern.utf8Start)
        let head = needle.loadUnaligned(as: UInt16.self)
        var index = position
        let last = bytes.count - length
        while index <= last {
            if (base + index).loadUnaligned(as: UInt16.self) == head,
                memcmp(base + index + 2, needle + 2, length - 2) == 0
            {
                return index + length
            }
            index += 1
        }
        return nil
    }
}
