import TestSupport

@testable import BoardSync

/// Random protocol values for the codec's fuzz tests, from a seeded generator.
struct WireRandom {
    private var generator: SeededGenerator

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    mutating func next() -> UInt64 {
        generator.next()
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    mutating func pick<T>(_ options: [T]) -> T { options[int(0...options.count - 1)] }

    // MARK: Protocol values

    private static let idCharacters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._:-")
    private static let textScalars: [Unicode.Scalar] =
        Array("aZ09 \"\\/é日🎉\u{2028}\u{7F}\u{85}".unicodeScalars)
        + (0..<0x20).compactMap(Unicode.Scalar.init)
    private static let cleanScalars: [Unicode.Scalar] = Array("aZ09 '\"\\/é日🎉\u{2028}\u{FFFF}\u{10FFFF}".unicodeScalars)

    mutating func id() -> String {
        String((0..<(chance(3) ? 64 : int(1...8))).map { _ in pick(Self.idCharacters) })
    }

    /// An id of the typed kind the context wants.
    mutating func id<ID: BoardIdentifier>() -> ID { ID(id()) }

    /// A board name: an id with its colons, which no board name holds, made hyphens.
    mutating func boardName() -> BoardName { BoardName(String(id().map { $0 == ":" ? "-" : $0 }))! }

    /// Any string, control characters included (labels are checked elsewhere).
    mutating func text() -> String {
        var result = String.UnicodeScalarView()
        for _ in 0..<int(0...12) { result.append(pick(Self.textScalars)) }
        return String(result)
    }

    /// A valid user name: 1 to 32 scalars without control characters, not only spaces.
    mutating func user() -> String {
        var result = String.UnicodeScalarView()
        for _ in 0..<int(1...(chance(5) ? 32 : 6)) { result.append(pick(Self.cleanScalars)) }
        if result.allSatisfy(Validation.isBlank) {
            result.replaceSubrange(result.startIndex..<result.index(after: result.startIndex), with: ["u"])
        }
        return String(result)
    }

    mutating func integer(minimum: Int = 0) -> Int {
        switch int(0...9) {
        case 0: return 9_007_199_254_740_991
        case 1: return minimum
        default: return int(minimum...(minimum + 200))
        }
    }

    mutating func position() -> Position { Position(section: id(), index: integer()) }

    mutating func op() -> Op {
        switch int(0...7) {
        case 0: return .insert(item: Item(id: id(), label: text()), to: position())
        case 1: return .move(item: id(), from: position(), to: position())
        case 2: return .delete(item: id(), from: position())
        case 3: return .update(item: id(), label: text())
        case 4: return .insertSection(section: SectionHeader(id: id(), title: text()), index: integer())
        case 5: return .moveSection(section: id(), from: integer(), index: integer())
        case 6: return .renameSection(section: id(), title: text())
        default: return .deleteSection(section: id(), from: integer())
        }
    }

    mutating func board() -> Board {
        Board(
            id: boardName(), version: integer(),
            sections: (0..<int(0...3)).map { _ in
                Section(id: id(), title: text(), items: (0..<int(0...3)).map { _ in Item(id: id(), label: text()) })
            })
    }

    mutating func clientMessage() -> ClientMessage {
        switch int(0...4) {
        case 0: return .hello(.init(client: id(), user: user(), since: chance(50) ? integer() : nil))
        case 1: return .submit(.init(seq: integer(minimum: 1), base: integer(), op: op()))
        case 2: return .drag(.begin(item: id()))
        case 3: return .drag(.over(item: id(), base: integer(), from: position(), to: position()))
        default: return .drag(.cancel(item: id()))
        }
    }

    /// A committed op as an `op` message carries it (no `seq`, no commit time).
    mutating func committedOp() -> SequencedOp {
        .init(version: integer(), client: id(), user: text(), seq: 0, op: op())
    }

    mutating func drag() -> ServerMessage.Drag {
        .init(
            action: pick(DragAction.allCases), client: id(), user: text(), item: id(),
            from: chance(70) ? position() : nil, to: chance(50) ? position() : nil, version: integer(),
            reason: chance(30) ? pick(DragEndReason.allCases) : nil)
    }

    mutating func serverMessage() -> ServerMessage {
        switch int(0...5) {
        case 0:
            return .welcome(
                .init(
                    state: chance(50) ? .board(board()) : .ops((0..<int(0...3)).map { _ in committedOp() }),
                    you: .init(client: id(), user: text(), role: pick(Role.allCases)),
                    peers: (0..<int(0...3)).map { _ in .init(client: id(), user: text()) },
                    drags: (0..<int(0...2)).map { _ in drag() }, lastSeq: integer()))
        case 1:
            return .ack(
                .init(seq: integer(minimum: 1), version: integer(), op: chance(70) ? op() : nil, duplicate: chance(20)))
        case 2: return .op(committedOp())
        case 3: return .drag(drag())
        case 4: return .presence(.init(action: pick(PresenceAction.allCases), client: id(), user: text()))
        default:
            return .error(
                .init(
                    code: pick(ErrorCode.allCases), message: text(), seq: chance(50) ? integer(minimum: 1) : nil,
                    item: chance(50) ? id() : nil))
        }
    }

    /// A client or server message's bytes, mutated once or twice (another message's bytes are
    /// what a mutation may insert).
    mutating func mutatedMessage() -> [UInt8] {
        let original = chance(50) ? WireCodec.encode(clientMessage()) : WireCodec.encode(serverMessage())
        let other = chance(50) ? WireCodec.encode(clientMessage()) : WireCodec.encode(serverMessage())
        var bytes = original
        for _ in 0..<int(1...2) { bytes = mutate(bytes, inserting: other) }
        return bytes
    }

    private static let jsonishAlphabet =
        Array("{}[]\":,.-+eE0123456789 \\/utrfalsn\"typeopkind".utf8) + [0x00, 0x7F, 0xC3, 0xA9, 0xED, 0xF0, 0xFF]

    /// Up to 40 random bytes, mostly JSON punctuation, digits and letters of JSON words.
    mutating func jsonishBytes() -> [UInt8] {
        (0..<int(0...40)).map { _ in
            chance(90) ? pick(Self.jsonishAlphabet) : UInt8(truncatingIfNeeded: next())
        }
    }

    /// `bytes` changed in one of several ways: flipped bytes, a cut, a deletion, a duplicated
    /// range, `other` inserted somewhere, or edits that often keep the JSON valid (another digit
    /// or letter, added whitespace, an unknown field).
    mutating func mutate(_ bytes: [UInt8], inserting other: [UInt8]) -> [UInt8] {
        var result = bytes
        guard !result.isEmpty else { return other }
        let index = int(0...result.count - 1)
        switch int(0...9) {
        case 0:
            for _ in 0..<int(1...4) { result[int(0...result.count - 1)] = UInt8(truncatingIfNeeded: next()) }
        case 1:
            result = Array(result.prefix(int(0...result.count - 1)))
        case 2:
            let start = int(0...result.count - 1)
            result.removeSubrange(start..<min(result.count, start + int(1...8)))
        case 3:
            let start = int(0...result.count - 1)
            let range = start..<min(result.count, start + int(1...16))
            result.insert(contentsOf: Array(result[range]), at: int(0...result.count))
        case 4:
            result.insert(contentsOf: other, at: int(0...result.count))
        case 5:
            result[index] = pick(Array("{}[]\":,.e-0\\u".utf8))
        case 6:
            if let digit = randomIndex(in: result, where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                result[digit] = UInt8(ascii: "0") + UInt8(int(0...9))
            }
        case 7:
            if let letter = randomIndex(in: result, where: { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) {
                result[letter] = UInt8(ascii: "a") + UInt8(int(0...25))
            }
        case 8:
            if let separator = randomIndex(in: result, where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ":") }) {
                result.insert(contentsOf: Array(" \n\t ".utf8), at: separator + 1)
            }
        case 9:
            if let brace = randomIndex(in: result, where: { $0 == UInt8(ascii: "{") }) {
                result.insert(contentsOf: Array(#""zz":[1.5,{"y":null},"\u00e9"],"#.utf8), at: brace + 1)
            }
        default:
            result[index] = UInt8(truncatingIfNeeded: next())
        }
        return result
    }

    private mutating func randomIndex(in bytes: [UInt8], where matches: (UInt8) -> Bool) -> Int? {
        let candidates = bytes.indices.filter { matches(bytes[$0]) }
        return candidates.isEmpty ? nil : pick(candidates)
    }
}
