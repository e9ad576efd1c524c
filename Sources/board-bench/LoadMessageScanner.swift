/// Reads the few fields the load generator needs straight from a received frame's bytes,
/// without building a JSON tree (the generator must stay cheaper than the server it measures).
struct LoadMessageScanner {
    /// The message kinds the generator reacts to.
    enum Kind: Equatable {
        case welcome, ack, op, drag, error, other
    }

    let bytes: [UInt8]

    var kind: Kind {
        guard let start = end(of: Self.typeKey, from: 0), start < bytes.count else { return .other }
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
    var labelTime: Int64? { integer(after: Self.labelKey, from: 0) }

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

    var seq: Int? { integer(after: Self.seqKey, from: 0).map(Int.init) }

    /// The dragger number of a drag message's item (`"item":"d12"`).
    var dragItemNumber: Int? { integer(after: Self.dragItemKey, from: 0).map(Int.init) }

    /// The `index` of the `to` position.
    var targetIndex: Int? {
        guard let to = end(of: Self.toKey, from: 0) else { return nil }
        return integer(after: Self.indexKey, from: to).map(Int.init)
    }

    /// Whether a drag message is an `over`.
    var isDragOver: Bool { end(of: Self.overValue, from: 0) != nil }

    private static let typeKey = Array("\"type\":\"".utf8)
    private static let labelKey = Array("\"label\":\"t".utf8)
    private static let versionKey = Array("\"version\":".utf8)
    private static let seqKey = Array("\"seq\":".utf8)
    private static let dragItemKey = Array("\"item\":\"d".utf8)
    private static let toKey = Array("\"to\":".utf8)
    private static let indexKey = Array("\"index\":".utf8)
    private static let overValue = Array("\"action\":\"over\"".utf8)

    private func integer(after key: [UInt8], from position: Int) -> Int64? {
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

    /// The index just past the first occurrence of `pattern` at or after `position`.
    private func end(of pattern: [UInt8], from position: Int) -> Int? {
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        var index = position
        let last = bytes.count - pattern.count
        while index <= last {
            if bytes[index] == first {
                var matched = 1
                while matched < pattern.count, bytes[index + matched] == pattern[matched] { matched += 1 }
                if matched == pattern.count { return index + matched }
            }
            index += 1
        }
        return nil
    }
}
