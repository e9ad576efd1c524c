import Testing

@testable import BoardSync

/// Messages are read straight from their bytes; on the seeded fuzz corpus the outcome is what
/// the wire rules say: a syntax error is the one a parse into a tree finds, the order of members
/// and unknown fields change nothing, a wrong value is refused at its field with the error for
/// its kind, and a refused submit names its seq exactly when the rule of protocol decision 19
/// says it can be read.
@Suite struct WireDecodingRuleTests {
    private static let seeds: [UInt64] = [1, 0xB0A2D, 20_261_129]

    /// What a decoding gave, so that two decodings can be compared.
    enum Outcome<Message: Equatable>: Equatable {
        case decoded(Message)
        case refused(WireError)

        var isDecoded: Bool {
            if case .decoded = self { return true }
            return false
        }
    }

    static func client(_ bytes: [UInt8]) -> Outcome<ClientMessage> {
        do {
            return .decoded(try WireCodec.decodeClientMessage(bytes))
        } catch {
            return .refused(error)
        }
    }

    static func server(_ bytes: [UInt8]) -> Outcome<ServerMessage> {
        do {
            return .decoded(try WireCodec.decodeServerMessage(bytes))
        } catch {
            return .refused(error)
        }
    }

    private static func isSyntaxError(_ error: WireError) -> Bool {
        switch error {
        case .notJSON, .tooDeep: true
        default: false
        }
    }

    @Test(arguments: seeds)
    func syntaxErrorsAreTheOnesATreeParseFinds(seed: UInt64) {
        var random = WireRandom(seed: seed)
        var refused = 0
        for iteration in 0..<3_000 {
            let bytes = iteration % 2 == 0 ? random.mutatedMessage() : random.jsonishBytes()
            let outcomes = [Self.client(bytes).refusal, Self.server(bytes).refusal]
            do {
                _ = try JSONValue.parse(bytes)
                if outcomes.contains(where: { $0.map(Self.isSyntaxError) ?? false }) {
                    Issue.record("seed \(seed) iteration \(iteration): JSON refused as a syntax error: \(outcomes)")
                }
            } catch {
                refused += 1
                let expected = WireError(error)
                let received = #expect(throws: ClientMessageRefusal.self) { try WireCodec.receiveClientMessage(bytes) }
                if outcomes != [expected, expected] || received?.error != expected {
                    Issue.record("seed \(seed) iteration \(iteration): \(expected) expected, got \(outcomes)")
                }
            }
        }
        #expect(refused > 1_000, "seed \(seed): \(refused) syntax errors")
    }

    @Test(arguments: seeds)
    func memberOrderAndUnknownFieldsChangeNothing(seed: UInt64) {
        var random = WireRandom(seed: seed)
        var edits = WireTreeEdits(random: WireRandom(seed: seed ^ 0x0DE7))
        var decoded = 0
        var refused = 0
        for iteration in 0..<1_500 {
            let bytes = random.mutatedMessage()
            guard let tree = try? JSONValue.parse(bytes) else { continue }
            let edited = edits.withUnknownFields(edits.shuffled(tree)).encoded
            let client = Self.client(bytes)
            let server = Self.server(bytes)
            if Self.client(edited) != client || Self.server(edited) != server {
                let texts = [edited, bytes].map { String(decoding: $0, as: UTF8.self) }
                Issue.record("seed \(seed) iteration \(iteration): \(texts[0]) decodes otherwise than \(texts[1])")
            }
            for isDecoded in [client.isDecoded, server.isDecoded] {
                if isDecoded { decoded += 1 } else { refused += 1 }
            }
        }
        #expect(decoded > 100 && refused > 100, "seed \(seed): \(decoded) decoded, \(refused) refused")
    }

    /// Protocol decision 19: the seq of a submit, when the message is a JSON object (read
    /// tolerantly, lone surrogates and repeated keys allowed) with one `type`, "submit", and one
    /// `seq`, an integer from 1 to 2^53 − 1; else none.
    static func seqByTheRule(_ bytes: [UInt8]) -> Int? {
        guard case .object(let object) = try? JSONValue.parse(bytes, tolerant: true) else { return nil }
        let types = object.members.filter { $0.key == "type" }
        let seqs = object.members.filter { $0.key == "seq" }
        guard types.count == 1, types[0].value == .string("submit"), seqs.count == 1,
            case .integer(let seq) = seqs[0].value, seq >= 1, seq <= FieldReader.maxInteger
        else { return nil }
        return Int(seq)
    }

    private static func isSubmit(_ message: ClientMessage) -> Bool {
        if case .submit = message { return true }
        return false
    }

    @Test(arguments: seeds)
    func aRefusedSubmitNamesItsSeqByTheRule(seed: UInt64) {
        var random = WireRandom(seed: seed)
        var withSeq = 0
        var withoutSeq = 0
        for iteration in 0..<1_500 {
            var message = random.clientMessage()
            while !Self.isSubmit(message) { message = random.clientMessage() }
            var bytes = WireCodec.encode(message)
            bytes = random.mutate(bytes, inserting: random.mutatedMessage())
            let strict = Self.client(bytes)
            do {
                let message = try WireCodec.receiveClientMessage(bytes)
                if strict != .decoded(message) { Issue.record("seed \(seed) iteration \(iteration): \(strict)") }
            } catch {
                let expectedSeq = Self.seqByTheRule(bytes)
                if strict != .refused(error.error) || error.seq != expectedSeq {
                    let text = String(decoding: bytes, as: UTF8.self)
                    let seq = expectedSeq.map(String.init) ?? "none"
                    Issue.record("seed \(seed) iteration \(iteration): \(error) for \(text), seq \(seq) expected")
                }
                if error.seq != nil { withSeq += 1 } else { withoutSeq += 1 }
            }
        }
        #expect(withSeq > 50 && withoutSeq > 50, "seed \(seed): \(withSeq) with seq, \(withoutSeq) without")
    }

    /// A random client or server message as its value tree.
    static func randomMessage(client: Bool, using random: inout WireRandom) throws -> JSONValue {
        try JSONValue.parse(
            client ? WireCodec.encode(random.clientMessage()) : WireCodec.encode(random.serverMessage()))
    }

    /// A wrong value for the value at `path`, and the error the field must be refused with.
    static func fault(
        for value: JSONValue, at path: [WireTreeEdits.Step], using random: inout WireRandom
    ) -> (JSONValue, WireError) {
        let field = WireTreeEdits.fieldName(path)
        switch value {
        case .integer:
            let faults: [(JSONValue, WireError)] = [
                (.number("0.5"), .wrongType(field: field, expected: "an integer")),
                (.number("1E+2"), .wrongType(field: field, expected: "an integer")),
                (.string("1"), .wrongType(field: field, expected: "an integer")),
                (.number("99999999999999999999"), .outOfRange(field)),
                (.integer(-1), .outOfRange(field)),
                (.integer(FieldReader.maxInteger + 1), .outOfRange(field)),
            ]
            return random.pick(faults)
        case .string:
            return (random.chance(50) ? .integer(7) : ["a"], .wrongType(field: field, expected: "a string"))
        case .bool:
            return (.string("true"), .wrongType(field: field, expected: "a boolean"))
        case .null, .object:
            return (random.chance(50) ? [] : .integer(1), .wrongType(field: field, expected: "an object"))
        case .array:
            return (random.chance(50) ? [:] : .string("[]"), .wrongType(field: field, expected: "an array"))
        case .number:
            preconditionFailure("the encoder writes no fractions")
        }
    }

    @Test(arguments: seeds)
    func aWrongValueIsRefusedAtItsField(seed: UInt64) throws {
        var random = WireRandom(seed: seed)
        var edits = WireTreeEdits(random: WireRandom(seed: seed ^ 0xFA17))
        for iteration in 0..<1_500 {
            let isClient = iteration % 2 == 0
            let tree = try Self.randomMessage(client: isClient, using: &random)
            let path = random.pick(WireTreeEdits.paths(in: tree))
            let value = try #require(WireTreeEdits.value(at: path, in: tree))
            let (replacement, expected) = Self.fault(for: value, at: path, using: &random)
            let faulty = edits.shuffled(WireTreeEdits.replacing(path, in: tree, with: replacement)).encoded
            let refusal = isClient ? Self.client(faulty).refusal : Self.server(faulty).refusal
            if refusal != expected {
                let text = String(decoding: faulty, as: UTF8.self)
                let outcome = refusal.map(String.init(describing:)) ?? "a message"
                Issue.record("seed \(seed) iteration \(iteration): \(text) gave \(outcome), \(expected) expected")
            }
        }
    }

    @Test(arguments: seeds)
    func aRepeatedKeyIsRefusedWhereverItIs(seed: UInt64) throws {
        var random = WireRandom(seed: seed)
        var edits = WireTreeEdits(random: WireRandom(seed: seed ^ 0xD0B1))
        for iteration in 0..<1_500 {
            let isClient = iteration % 2 == 0
            let tree = try Self.randomMessage(client: isClient, using: &random)
            let paths = WireTreeEdits.memberPaths(in: tree)
            let repeated = edits.repeating(random.pick(paths), in: tree).encoded
            let expected = #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(repeated) }
            let refusal = isClient ? Self.client(repeated).refusal : Self.server(repeated).refusal
            if refusal == nil || refusal != expected.map(WireError.init) {
                let text = String(decoding: repeated, as: UTF8.self)
                Issue.record("seed \(seed) iteration \(iteration): \(text) gave \(String(describing: refusal))")
            }
        }
    }

    @Test(arguments: seeds)
    func aMissingFieldIsNamedUnlessItIsOptional(seed: UInt64) throws {
        var random = WireRandom(seed: seed)
        var named = 0
        for iteration in 0..<1_500 {
            let isClient = iteration % 2 == 0
            let tree = try Self.randomMessage(client: isClient, using: &random)
            let paths = WireTreeEdits.memberPaths(in: tree)
            let path = random.pick(paths)
            let without = WireTreeEdits.replacing(path, in: tree, with: nil).encoded
            let refusal = isClient ? Self.client(without).refusal : Self.server(without).refusal
            let field = WireTreeEdits.fieldName(path)
            switch refusal {
            case nil:
                break
            case .missingField(let name)? where name == field || (field == "ops" && name == "board"):
                named += 1
            case .conflictingFields? where field == "noop":
                break
            case let error?:
                Issue.record("seed \(seed) iteration \(iteration): without \(field): \(error)")
            }
        }
        #expect(named > 500, "seed \(seed): \(named) missing fields named")
    }
}

extension WireDecodingRuleTests.Outcome {
    /// The error of a refusal; nil when the message decoded.
    var refusal: WireError? {
        if case .refused(let error) = self { return error }
        return nil
    }
}
