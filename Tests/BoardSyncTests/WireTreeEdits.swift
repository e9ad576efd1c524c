@testable import BoardSync

/// Edits of JSON value trees for the decoding rule tests: reordering members, adding unknown
/// fields, and putting a wrong value (or none) at one place, named by its field path.
struct WireTreeEdits {
    /// One step into a tree: an object's member or an array's element.
    enum Step: Hashable {
        case key(String)
        case index(Int)
    }

    var random: WireRandom

    /// Every object's members in a random order.
    mutating func shuffled(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements):
            return .array(elements.map { shuffled($0) })
        case .object(let object):
            var members = object.members.map { JSONObject.Member(key: $0.key, value: shuffled($0.value)) }
            for index in members.indices.reversed() where index > 0 {
                members.swapAt(index, random.int(0...index))
            }
            return .object(JSONObject(members))
        default:
            return value
        }
    }

    /// Every object with a few members the protocol does not know, at random places, holding
    /// scalars (so that no nesting limit is reached that the original did not reach).
    mutating func withUnknownFields(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements):
            return .array(elements.map { withUnknownFields($0) })
        case .object(let object):
            var members = object.members.map { JSONObject.Member(key: $0.key, value: withUnknownFields($0.value)) }
            let scalars: [JSONValue] = [.null, .bool(true), .number("-1.5e3"), .integer(-7), .string("\u{e9}\n\"x")]
            for count in 0..<random.int(0...2) {
                let key = "unknown\u{e9}\(count)"
                guard !members.contains(where: { $0.key == key }) else { continue }
                members.insert(
                    JSONObject.Member(key: key, value: random.pick(scalars)), at: random.int(0...members.count))
            }
            return .object(JSONObject(members))
        default:
            return value
        }
    }

    /// `value` with the member at `path` written a second time, right after it or at the end of
    /// its object.
    mutating func repeating(_ path: [Step], in value: JSONValue) -> JSONValue {
        guard let step = path.first else { return value }
        let rest = Array(path.dropFirst())
        switch (step, value) {
        case (.key(let key), .object(let object)):
            var members = object.members
            guard let index = members.firstIndex(where: { $0.key == key }) else { return value }
            if rest.isEmpty {
                members.insert(members[index], at: random.chance(50) ? index + 1 : members.count)
            } else {
                members[index].value = repeating(rest, in: members[index].value)
            }
            return .object(JSONObject(members))
        case (.index(let index), .array(var elements)) where elements.indices.contains(index):
            elements[index] = repeating(rest, in: elements[index])
            return .array(elements)
        default:
            return value
        }
    }

    /// The path of every value below the root, parents before their children.
    static func paths(in value: JSONValue) -> [[Step]] {
        var result: [[Step]] = []
        func visit(_ value: JSONValue, _ path: [Step]) {
            if !path.isEmpty { result.append(path) }
            switch value {
            case .array(let elements):
                for (index, element) in elements.enumerated() { visit(element, path + [.index(index)]) }
            case .object(let object):
                for member in object.members { visit(member.value, path + [.key(member.key)]) }
            default:
                break
            }
        }
        visit(value, [])
        return result
    }

    /// The paths of every object member below the root (not of array elements).
    static func memberPaths(in value: JSONValue) -> [[Step]] {
        paths(in: value).filter { path in
            if case .key = path.last { return true }
            return false
        }
    }

    static func value(at path: [Step], in value: JSONValue) -> JSONValue? {
        guard let step = path.first else { return value }
        switch (step, value) {
        case (.key(let key), .object(let object)):
            return object[key].flatMap { Self.value(at: Array(path.dropFirst()), in: $0) }
        case (.index(let index), .array(let elements)) where elements.indices.contains(index):
            return Self.value(at: Array(path.dropFirst()), in: elements[index])
        default:
            return nil
        }
    }

    /// `value` with the value at `path` replaced by `replacement`, or removed when it is nil.
    static func replacing(_ path: [Step], in value: JSONValue, with replacement: JSONValue?) -> JSONValue {
        guard let step = path.first else { return replacement ?? value }
        let rest = Array(path.dropFirst())
        switch (step, value) {
        case (.key(let key), .object(let object)):
            var members: [JSONObject.Member] = []
            for member in object.members {
                guard member.key == key else {
                    members.append(member)
                    continue
                }
                if rest.isEmpty {
                    if let replacement { members.append(JSONObject.Member(key: key, value: replacement)) }
                } else {
                    members.append(
                        JSONObject.Member(key: key, value: replacing(rest, in: member.value, with: replacement)))
                }
            }
            return .object(JSONObject(members))
        case (.index(let index), .array(var elements)) where elements.indices.contains(index):
            elements[index] =
                rest.isEmpty ? (replacement ?? .null) : replacing(rest, in: elements[index], with: replacement)
            return .array(elements)
        default:
            return value
        }
    }

    /// The field name a `WireError` gives for `path`: `op.to.index`, `peers[1].user`.
    static func fieldName(_ path: [Step]) -> String {
        var name = ""
        for step in path {
            switch step {
            case .key(let key): name += name.isEmpty ? key : ".\(key)"
            case .index(let index): name += "[\(index)]"
            }
        }
        return name
    }
}
