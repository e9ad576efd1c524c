import BoardSync
import Foundation
import TestSupport

/// Generates the fuzz test's messages: plausible valid messages, mutated ones (fields dropped,
/// retyped or out of range), random JSON and random text.
struct FuzzMessages {
    var generator: SeededGenerator
    static let itemIDs = (0..<12).map { ItemID("f\($0)") }
    static let sectionIDs: [SectionID] = ["main", "s1", "s2", "nosuch"]

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }

    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }

    mutating func position() -> Position { Position(section: pick(Self.sectionIDs), index: int(0...4)) }

    /// An op over a small id space: many are valid, many are refused.
    mutating func op() -> Op {
        let item = pick(Self.itemIDs)
        switch int(0...7) {
        case 0, 1: return .insert(item: Item(id: item, label: "fuzz \(int(0...99))"), to: position())
        case 2, 3: return .move(item: item, from: position(), to: position())
        case 4: return .delete(item: item, from: position())
        case 5: return .update(item: item, label: chance(10) ? "" : "upd \(int(0...99))")
        case 6:
            return .insertSection(
                section: SectionHeader(id: pick(["s1", "s2", SectionID(item.rawValue)]), title: "S"), index: int(0...3))
        default: return .renameSection(section: pick(Self.sectionIDs), title: "T\(int(0...9))")
        }
    }

    mutating func drag() -> ClientMessage {
        let item = pick(Self.itemIDs)
        switch int(0...2) {
        case 0: return .drag(.begin(item: item))
        case 1: return .drag(.over(item: item, base: int(0...40), from: position(), to: position()))
        default: return .drag(.cancel(item: item))
        }
    }

    /// A valid message of any type, as text.
    mutating func validText(seq: Int, base: Int, client: ClientID) -> String {
        let message: ClientMessage
        switch int(0...9) {
        case 0: message = .hello(.init(client: client, user: "fuzzer", since: chance(50) ? int(0...50) : nil))
        case 1...4: message = drag()
        default: message = .submit(.init(seq: seq, base: base, op: op()))
        }
        return String(decoding: WireCodec.encode(message), as: UTF8.self)
    }

    /// A valid message with one structural or numeric mutation.
    mutating func mutated(_ text: String) -> String {
        if chance(40) {
            let numbers = text.ranges(of: /-?[0-9]+/)
            guard !numbers.isEmpty else { return text }
            var changed = text
            let replacement = pick([
                "-1", "1.5", "1e2", "9007199254740992", "9007199254740993", "-0", "0.0", "1E400", "\"3\"", "null",
                "true",
                "[]", "{}", "99999999999999999999999",
            ])
            changed.replaceSubrange(pick(numbers), with: replacement)
            return changed
        }
        guard var object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            return text
        }
        mutate(&object, depth: 0)
        guard let data = try? JSONSerialization.data(withJSONObject: object) else { return text }
        return String(decoding: data, as: UTF8.self)
    }

    private mutating func mutate(_ object: inout [String: Any], depth: Int) {
        let keys = object.keys.sorted()
        guard !keys.isEmpty else { return }
        let key = pick(keys)
        if depth < 3, chance(50), var nested = object[key] as? [String: Any] {
            mutate(&nested, depth: depth + 1)
            object[key] = nested
            return
        }
        switch int(0...7) {
        case 0: object[key] = nil
        case 1: object[key] = int(-5...5)
        case 2: object[key] = pick(["", "x", String(repeating: "é", count: 300), "bad id!", "\u{1}"])
        case 3: object[key] = [1, "two", NSNull()] as [Any]
        case 4: object[key] = NSNull()
        case 5: object[key] = ["kind": "insert"]
        case 6: object[key] = true
        default: object[key + "x"] = object[key]
        }
    }

    /// Random JSON text: any value, nested a little.
    mutating func randomJSON(depth: Int = 0) -> String {
        switch depth > 3 ? int(0...3) : int(0...5) {
        case 0: return String(int(-1000...1000))
        case 1: return pick(["true", "false", "null", "1.25", "-0.5e3"])
        case 2: return "\"" + pick(["type", "submit", "hello", "drag", "op", "seq", "", "\\u0000", "\\ud800"]) + "\""
        case 3:
            return "\""
                + randomText(length: int(0...8)).replacingOccurrences(of: "\\", with: "").replacingOccurrences(
                    of: "\"", with: "") + "\""
        case 4: return "[" + (0..<int(0...3)).map { _ in randomJSON(depth: depth + 1) }.joined(separator: ",") + "]"
        default:
            let keys = ["type", "seq", "base", "op", "kind", "item", "client", "user", "action", "since", "zz"]
            return "{"
                + (0..<int(0...4)).map { _ in "\"\(pick(keys))\":" + randomJSON(depth: depth + 1) }.joined(
                    separator: ",") + "}"
        }
    }

    /// Random valid UTF-8 text with control characters, quotes and braces mixed in.
    mutating func randomText(length: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            let value: UInt32
            switch int(0...5) {
            case 0: value = UInt32(int(0...0x1F))
            case 1: value = UInt32(pick(Array("{}[]\":,\\".unicodeScalars)).value)
            case 2: value = UInt32(int(0x80...0x7FF))
            case 3: value = UInt32(int(0x1F300...0x1F64F))
            default: value = UInt32(int(0x20...0x7E))
            }
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }
}
