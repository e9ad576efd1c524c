import Testing

@testable import BoardSync

/// One bad input and the error a decoder must refuse it with.
struct WireBadInput: Sendable, CustomTestStringConvertible {
    enum Decoder: Sendable {
        case client, server, board, op
    }

    var name: String
    var bytes: [UInt8]
    var decoder: Decoder
    var expected: WireError

    init(_ name: String, _ text: String, _ expected: WireError, on decoder: Decoder = .client) {
        self.init(name, bytes: Array(text.utf8), expected, on: decoder)
    }

    init(_ name: String, bytes: [UInt8], _ expected: WireError, on decoder: Decoder = .client) {
        self.name = name
        self.bytes = bytes
        self.decoder = decoder
        self.expected = expected
    }

    var testDescription: String { name }

    func decode() throws(WireError) {
        switch decoder {
        case .client: _ = try WireCodec.decodeClientMessage(bytes)
        case .server: _ = try WireCodec.decodeServerMessage(bytes)
        case .board: _ = try WireCodec.decodeBoard(bytes)
        case .op: _ = try WireCodec.decodeOp(bytes)
        }
    }
}

/// The byte offset of the first occurrence of `needle` in `text`.
private func offset(of needle: String, in text: String) -> Int {
    let bytes = Array(text.utf8)
    let pattern = Array(needle.utf8)
    for start in 0...(bytes.count - pattern.count) where Array(bytes[start..<start + pattern.count]) == pattern {
        return start
    }
    return -1
}

private func notJSON(_ text: String, at needle: String, _ reason: JSONSyntaxError.Reason) -> WireError {
    .notJSON(offset: offset(of: needle, in: text), reason: reason)
}

private let move = #"{"kind":"move","item":"a1","from":{"section":"s","index":0},"to":{"section":"s","index":1}}"#

private func submit(seq: String = "1", base: String = "0", op: String = move) -> String {
    #"{"type":"submit","seq":\#(seq),"base":\#(base),"op":\#(op)}"#
}

private func hello(client: String = #""c1""#, user: String = #""Ada""#, extra: String = "") -> String {
    #"{"type":"hello","client":\#(client),"user":\#(user)\#(extra)}"#
}

private let ackHead = #"{"type":"ack","seq":1,"version":2"#
private let youJSON = #"{"client":"c","user":"u","role":"editor"}"#
private let boardJSON = #"{"id":"b","version":0,"sections":[]}"#
private let dragHead = #"{"type":"drag","client":"c","user":"u","item":"i","version":1"#

private let badEscape = #"{"type":"hel\xlo"}"#
private let loneHigh = #"{"type":"\ud800"}"#
private let loneLow = #"{"type":"\udc00x"}"#
private let highThenLetter = #"{"type":"\ud800\u0041"}"#
private let trailing = hello() + "x"
private let leadingZero = submit(seq: "01")
private let nan = submit(seq: "NaN")
private let trailingComma = #"{"type":"hello",}"#
private let singleQuotes = "{'type':'hello'}"
private let duplicate = #"{"type":"hello","type":"submit"}"#
/// A submit with 40 extra members (past the validator's linear check), one repeated, at its end.
private let manyMembers = (0..<40).map { "\"x\($0)\":\($0)" }.joined(separator: ",")
private let duplicateAmongMany = #"{"type":"submit","seq":1,"base":0,"op":\#(move),"# + manyMembers + #","x17":0}"#
private let truncated = #"{"type":"hel"#

let wireBadInputs: [WireBadInput] = [
    // Not JSON at all.
    WireBadInput("empty input", "", .notJSON(offset: 0, reason: .unexpectedEnd)),
    WireBadInput("only whitespace", " \n\t", .notJSON(offset: 3, reason: .unexpectedEnd)),
    WireBadInput("a word", "hello", .notJSON(offset: 0, reason: .unexpectedByte(UInt8(ascii: "h")))),
    WireBadInput("truncated", truncated, .notJSON(offset: truncated.utf8.count, reason: .unexpectedEnd)),
    WireBadInput("trailing garbage", trailing, .notJSON(offset: trailing.utf8.count - 1, reason: .trailingData)),
    WireBadInput("two objects", "{}{}", .notJSON(offset: 2, reason: .trailingData)),
    WireBadInput("trailing comma", trailingComma, notJSON(trailingComma, at: "}", .unexpectedByte(UInt8(ascii: "}")))),
    WireBadInput("single quotes", singleQuotes, .notJSON(offset: 1, reason: .unexpectedByte(UInt8(ascii: "'")))),
    WireBadInput("bad escape", badEscape, notJSON(badEscape, at: "\\x", .invalidEscape)),
    WireBadInput("short unicode escape", #"{"type":"\u12"}"#, .notJSON(offset: 13, reason: .invalidEscape)),
    WireBadInput("lone high surrogate", loneHigh, notJSON(loneHigh, at: "\\u", .loneSurrogate)),
    WireBadInput("lone low surrogate", loneLow, notJSON(loneLow, at: "\\u", .loneSurrogate)),
    WireBadInput("high surrogate then a letter", highThenLetter, notJSON(highThenLetter, at: "\\u", .loneSurrogate)),
    WireBadInput(
        "raw control character in a string", "{\"type\":\"a\u{1}b\"}",
        .notJSON(offset: 10, reason: .controlCharacterInString)),
    WireBadInput(
        "invalid UTF-8", bytes: Array(#"{"type":""#.utf8) + [0xFF] + Array(#""}"#.utf8),
        .notJSON(offset: 9, reason: .invalidUTF8)),
    WireBadInput(
        "overlong UTF-8", bytes: Array(#"{"type":""#.utf8) + [0xC0, 0x80] + Array(#""}"#.utf8),
        .notJSON(offset: 9, reason: .invalidUTF8)),
    WireBadInput(
        "UTF-8 encoded surrogate", bytes: Array(#"{"type":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8),
        .notJSON(offset: 9, reason: .invalidUTF8)),
    WireBadInput(
        "UTF-8 cut short", bytes: Array(#"{"type":""#.utf8) + [0xE2, 0x82], .notJSON(offset: 9, reason: .invalidUTF8)),
    WireBadInput(
        "leading zero", leadingZero, .notJSON(offset: offset(of: "01", in: leadingZero) + 1, reason: .invalidNumber)),
    WireBadInput("NaN", nan, notJSON(nan, at: "NaN", .unexpectedByte(UInt8(ascii: "N")))),
    WireBadInput("lone minus", submit(seq: "-"), .notJSON(offset: 24, reason: .invalidNumber)),
    WireBadInput("fraction without digits", submit(seq: "1."), .notJSON(offset: 25, reason: .invalidNumber)),
    WireBadInput("exponent without digits", submit(seq: "1e"), .notJSON(offset: 25, reason: .invalidNumber)),
    WireBadInput("duplicate key", duplicate, notJSON(duplicate, at: #""type":"submit""#, .duplicateKey("type"))),
    WireBadInput(
        "duplicate key among many", duplicateAmongMany,
        notJSON(duplicateAmongMany, at: #""x17":0}"#, .duplicateKey("x17"))),
    WireBadInput("depth bomb of 10,000 [", String(repeating: "[", count: 10_000), .tooDeep),
    WireBadInput("depth bomb of 65,536 [", String(repeating: "[", count: 65_536), .tooDeep),
    WireBadInput("depth bomb of objects", String(repeating: #"{"a":"#, count: 10_000), .tooDeep),
    WireBadInput("33 nested arrays", String(repeating: "[", count: 33) + String(repeating: "]", count: 33), .tooDeep),

    // JSON, but not a message.
    WireBadInput("array", "[]", .notAnObject),
    WireBadInput("string", #""hello""#, .notAnObject),
    WireBadInput("number", "42", .notAnObject),
    WireBadInput("null", "null", .notAnObject),
    WireBadInput("missing type", #"{"client":"c1"}"#, .missingField("type")),
    WireBadInput("type not a string", #"{"type":1}"#, .wrongType(field: "type", expected: "a string")),
    WireBadInput("type null", #"{"type":null}"#, .wrongType(field: "type", expected: "a string")),
    WireBadInput("unknown type", #"{"type":"bye"}"#, .unknownType("bye")),
    WireBadInput("server type sent by a client", #"{"type":"welcome"}"#, .unknownType("welcome")),
    WireBadInput("type in another case", #"{"type":"Hello"}"#, .unknownType("Hello")),

    // hello
    WireBadInput("hello without client", #"{"type":"hello","user":"Ada"}"#, .missingField("client")),
    WireBadInput("hello without user", #"{"type":"hello","client":"c1"}"#, .missingField("user")),
    WireBadInput("hello client with a space", hello(client: #""c 1""#), .invalidIdentifier("client")),
    WireBadInput("hello client empty", hello(client: #""""#), .invalidIdentifier("client")),
    WireBadInput(
        "hello client of 65 characters", hello(client: "\"\(String(repeating: "a", count: 65))\""),
        .invalidIdentifier("client")),
    WireBadInput("hello client a number", hello(client: "7"), .wrongType(field: "client", expected: "a string")),
    WireBadInput("hello empty user", hello(user: #""""#), .invalidText(field: "user", .empty)),
    WireBadInput(
        "hello user with a control character", hello(user: #""A\u0007""#),
        .invalidText(field: "user", .controlCharacter)),
    WireBadInput(
        "hello user with C1 control", hello(user: "\"A\u{85}\""), .invalidText(field: "user", .controlCharacter)),
    WireBadInput(
        "hello user of 33 scalars", hello(user: "\"\(String(repeating: "é", count: 33))\""),
        .invalidText(field: "user", .tooLong(limit: 32))),
    WireBadInput("hello since negative", hello(extra: #","since":-1"#), .outOfRange("since")),
    WireBadInput(
        "hello since a string", hello(extra: #","since":"1""#), .wrongType(field: "since", expected: "an integer")),
    WireBadInput(
        "hello since a fraction", hello(extra: #","since":0.5"#), .wrongType(field: "since", expected: "an integer")),

    // submit
    WireBadInput("seq 1.0", submit(seq: "1.0"), .wrongType(field: "seq", expected: "an integer")),
    WireBadInput("seq 1e2", submit(seq: "1e2"), .wrongType(field: "seq", expected: "an integer")),
    WireBadInput("seq 1E+0", submit(seq: "1E+0"), .wrongType(field: "seq", expected: "an integer")),
    WireBadInput("seq 0", submit(seq: "0"), .outOfRange("seq")),
    WireBadInput("seq -1", submit(seq: "-1"), .outOfRange("seq")),
    WireBadInput("seq 2^53", submit(seq: "9007199254740992"), .outOfRange("seq")),
    WireBadInput("seq beyond Int64", submit(seq: "99999999999999999999"), .outOfRange("seq")),
    WireBadInput("seq far below Int64", submit(seq: "-99999999999999999999"), .outOfRange("seq")),
    WireBadInput("seq true", submit(seq: "true"), .wrongType(field: "seq", expected: "an integer")),
    WireBadInput("seq null", submit(seq: "null"), .wrongType(field: "seq", expected: "an integer")),
    WireBadInput("base \"3\"", submit(base: #""3""#), .wrongType(field: "base", expected: "an integer")),
    WireBadInput("base -1", submit(base: "-1"), .outOfRange("base")),
    WireBadInput("base -0.0", submit(base: "-0.0"), .wrongType(field: "base", expected: "an integer")),
    WireBadInput("missing seq", #"{"type":"submit","base":0,"op":\#(move)}"#, .missingField("seq")),
    WireBadInput("missing op", #"{"type":"submit","seq":1,"base":0}"#, .missingField("op")),
    WireBadInput("op an array", submit(op: "[]"), .wrongType(field: "op", expected: "an object")),
    WireBadInput("op without kind", submit(op: #"{"item":"a"}"#), .missingField("op.kind")),
    WireBadInput("unknown kind", submit(op: #"{"kind":"teleport"}"#), .unknownKind("teleport")),
    WireBadInput(
        "move without from", submit(op: #"{"kind":"move","item":"a","to":{"section":"s","index":0}}"#),
        .missingField("op.from")),
    WireBadInput(
        "move to not an object", submit(op: #"{"kind":"move","item":"a","from":{"section":"s","index":0},"to":3}"#),
        .wrongType(field: "op.to", expected: "an object")),
    WireBadInput(
        "move to.index a string",
        submit(op: #"{"kind":"move","item":"a","from":{"section":"s","index":0},"to":{"section":"s","index":"1"}}"#),
        .wrongType(field: "op.to.index", expected: "an integer")),
    WireBadInput(
        "move to without section",
        submit(op: #"{"kind":"move","item":"a","from":{"section":"s","index":0},"to":{"index":1}}"#),
        .missingField("op.to.section")),
    WireBadInput(
        "move item an object",
        submit(
            op: #"{"kind":"move","item":{"id":"a"},"from":{"section":"s","index":0},"to":{"section":"s","index":0}}"#),
        .wrongType(field: "op.item", expected: "a string")),
    WireBadInput(
        "insert item a string", submit(op: #"{"kind":"insert","item":"a","to":{"section":"s","index":0}}"#),
        .wrongType(field: "op.item", expected: "an object")),
    WireBadInput(
        "insert item without label", submit(op: #"{"kind":"insert","item":{"id":"a"},"to":{"section":"s","index":0}}"#),
        .missingField("op.item.label")),
    WireBadInput(
        "delete from.index negative", submit(op: #"{"kind":"delete","item":"a","from":{"section":"s","index":-2}}"#),
        .outOfRange("op.from.index")),
    WireBadInput(
        "update label null", submit(op: #"{"kind":"update","item":"a","label":null}"#),
        .wrongType(field: "op.label", expected: "a string")),
    WireBadInput(
        "insertSection without title", submit(op: #"{"kind":"insertSection","section":{"id":"s"},"index":0}"#),
        .missingField("op.section.title")),
    WireBadInput(
        "moveSection from 1.5", submit(op: #"{"kind":"moveSection","section":"s","from":1.5,"index":0}"#),
        .wrongType(field: "op.from", expected: "an integer")),
    WireBadInput(
        "renameSection without title", submit(op: #"{"kind":"renameSection","section":"s"}"#), .missingField("op.title")
    ),
    WireBadInput(
        "deleteSection from missing", submit(op: #"{"kind":"deleteSection","section":"s"}"#), .missingField("op.from")),

    // drag
    WireBadInput("drag unknown action", #"{"type":"drag","action":"drop","item":"a"}"#, .unknownAction("drop")),
    WireBadInput("drag without action", #"{"type":"drag","item":"a"}"#, .missingField("action")),
    WireBadInput(
        "drag begin item a number", #"{"type":"drag","action":"begin","item":5}"#,
        .wrongType(field: "item", expected: "a string")),
    WireBadInput(
        "drag over without base",
        #"{"type":"drag","action":"over","item":"a","from":{"section":"s","index":0},"to":{"section":"s","index":0}}"#,
        .missingField("base")),
    WireBadInput(
        "drag over to not an object",
        #"{"type":"drag","action":"over","item":"a","base":0,"from":{"section":"s","index":0},"to":"s"}"#,
        .wrongType(field: "to", expected: "an object")),

    // Server messages.
    WireBadInput("client type sent by the server", #"{"type":"hello"}"#, .unknownType("hello"), on: .server),
    WireBadInput("ack without op", ackHead + "}", .missingField("op"), on: .server),
    WireBadInput(
        "ack op null without noop", ackHead + #","op":null}"#,
        .conflictingFields("ack with \"op\": null must have \"noop\": true"), on: .server),
    WireBadInput(
        "ack noop with an op", ackHead + #","op":\#(move),"noop":true}"#,
        .conflictingFields("ack with \"noop\": true must have \"op\": null"), on: .server),
    WireBadInput(
        "ack noop a string", ackHead + #","op":null,"noop":"yes"}"#, .wrongType(field: "noop", expected: "a boolean"),
        on: .server),
    WireBadInput(
        "ack seq 0", #"{"type":"ack","seq":0,"version":2,"op":null,"noop":true}"#, .outOfRange("seq"), on: .server),
    WireBadInput(
        "welcome with board and ops",
        #"{"type":"welcome","board":\#(boardJSON),"ops":[],"you":\#(youJSON),"peers":[],"drags":[],"lastSeq":0}"#,
        .conflictingFields("welcome carries both \"board\" and \"ops\""), on: .server),
    WireBadInput(
        "welcome without board or ops", #"{"type":"welcome","you":\#(youJSON),"peers":[],"drags":[],"lastSeq":0}"#,
        .missingField("board"), on: .server),
    WireBadInput(
        "welcome unknown role",
        #"{"type":"welcome","board":\#(boardJSON),"you":{"client":"c","user":"u","role":"admin"},"peers":[],"drags":[],"lastSeq":0}"#,
        .unknownValue(field: "you.role", value: "admin"), on: .server),
    WireBadInput(
        "welcome peer without user",
        #"{"type":"welcome","board":\#(boardJSON),"you":\#(youJSON),"peers":[{"client":"a","user":"A"},{"client":"b"}],"drags":[],"lastSeq":0}"#,
        .missingField("peers[1].user"), on: .server),
    WireBadInput(
        "welcome peers not an array",
        #"{"type":"welcome","board":\#(boardJSON),"you":\#(youJSON),"peers":{},"drags":[],"lastSeq":0}"#,
        .wrongType(field: "peers", expected: "an array"), on: .server),
    WireBadInput(
        "welcome peer not an object",
        #"{"type":"welcome","board":\#(boardJSON),"you":\#(youJSON),"peers":["a"],"drags":[],"lastSeq":0}"#,
        .wrongType(field: "peers[0]", expected: "an object"), on: .server),
    WireBadInput(
        "welcome ops holding a drag",
        #"{"type":"welcome","ops":[{"type":"drag"}],"you":\#(youJSON),"peers":[],"drags":[],"lastSeq":0}"#,
        .unknownValue(field: "ops[0].type", value: "drag"), on: .server),
    WireBadInput(
        "welcome drag without type",
        #"{"type":"welcome","board":\#(boardJSON),"you":\#(youJSON),"peers":[],"drags":[{"action":"begin"}],"lastSeq":0}"#,
        .missingField("drags[0].type"), on: .server),
    WireBadInput(
        "welcome lastSeq missing", #"{"type":"welcome","board":\#(boardJSON),"you":\#(youJSON),"peers":[],"drags":[]}"#,
        .missingField("lastSeq"), on: .server),
    WireBadInput(
        "welcome board version a fraction",
        #"{"type":"welcome","board":{"id":"b","version":0.5,"sections":[]},"you":\#(youJSON),"peers":[],"drags":[],"lastSeq":0}"#,
        .wrongType(field: "board.version", expected: "an integer"), on: .server),
    WireBadInput(
        "error unknown code", #"{"type":"error","code":"oops","message":"m"}"#,
        .unknownValue(field: "code", value: "oops"), on: .server),
    WireBadInput(
        "error seq 0", #"{"type":"error","code":"stale","message":"m","seq":0}"#, .outOfRange("seq"), on: .server),
    WireBadInput(
        "error item a number", #"{"type":"error","code":"locked","message":"m","item":1}"#,
        .wrongType(field: "item", expected: "a string"), on: .server),
    WireBadInput(
        "drag unknown reason", dragHead + #","action":"cancel","reason":"bored"}"#,
        .unknownValue(field: "reason", value: "bored"), on: .server),
    WireBadInput(
        "drag from a string", dragHead + #","action":"begin","from":"x"}"#,
        .wrongType(field: "from", expected: "an object"), on: .server),
    WireBadInput(
        "drag unknown action from the server", dragHead + #","action":"drop"}"#, .unknownAction("drop"), on: .server),
    WireBadInput(
        "presence unknown action", #"{"type":"presence","action":"wave","client":"c","user":"u"}"#,
        .unknownAction("wave"), on: .server),
    WireBadInput(
        "op message without user", #"{"type":"op","version":1,"client":"c","op":\#(move)}"#, .missingField("user"),
        on: .server),

    // Boards and ops on their own.
    WireBadInput(
        "board item without id",
        #"{"id":"b","version":0,"sections":[{"id":"s","title":"S","items":[]},{"id":"t","title":"T","items":[{"label":"L"}]}]}"#,
        .missingField("sections[1].items[0].id"), on: .board),
    WireBadInput(
        "board sections an object", #"{"id":"b","version":0,"sections":{}}"#,
        .wrongType(field: "sections", expected: "an array"), on: .board),
    WireBadInput(
        "board version beyond 2^53", #"{"id":"b","version":9007199254740993,"sections":[]}"#, .outOfRange("version"),
        on: .board),
    WireBadInput("board an array", "[]", .notAnObject, on: .board),
    WireBadInput("op unknown kind", #"{"kind":"Move"}"#, .unknownKind("Move"), on: .op),
    WireBadInput(
        "op index 1e0", #"{"kind":"insertSection","section":{"id":"s","title":"S"},"index":1e0}"#,
        .wrongType(field: "index", expected: "an integer"), on: .op),
]

/// Every bad input in the table is refused with exactly the expected error, and nothing crashes.
@Suite struct WireStrictnessTests {
    @Test(arguments: wireBadInputs)
    func refusesBadInput(_ input: WireBadInput) {
        #expect(throws: input.expected) { try input.decode() }
    }

    @Test func tableCoversDozensOfCases() {
        #expect(wireBadInputs.count >= 60)
    }

    @Test func everyErrorHasAShortMessageAndIsABadMessage() {
        for input in wireBadInputs {
            #expect(!input.expected.message.isEmpty && input.expected.message.count < 200, "\(input.name)")
            #expect(input.expected.code == .badMessage)
        }
    }

    @Test func errorMessagesNameTheProblem() {
        #expect(WireError.missingField("op.to").message == #"missing field "op.to""#)
        #expect(WireError.outOfRange("seq").message == #"field "seq" is out of range"#)
        #expect(
            WireError.notJSON(offset: 3, reason: .trailingData).message
                == "not JSON: data after the JSON value at offset 3")
        #expect(WireError.unknownKind("teleport").description == #"unknown op kind "teleport""#)
    }

    @Test func acceptsWhatTheProtocolAllows() throws {
        let spaced = " \r\n\t{ \"type\" : \"hello\" , \"client\" : \"c1\" , \"user\" : \"Ada\" , \"since\" : 0 } \n"
        #expect(
            try WireCodec.decodeClientMessage(Array(spaced.utf8)) == .hello(.init(client: "c1", user: "Ada", since: 0)))

        let unknownFields = #"{"type":"drag","action":"cancel","item":"a","future":{"x":[1.5,null]},"base":"ignored"}"#
        #expect(try WireCodec.decodeClientMessage(Array(unknownFields.utf8)) == .drag(.cancel(item: "a")))

        let nullSince = hello(extra: #","since":null"#)
        #expect(try WireCodec.decodeClientMessage(Array(nullSince.utf8)) == .hello(.init(client: "c1", user: "Ada")))

        let escapedUser = hello(user: #""\u00e9\ud83c\udf89\/""#)
        #expect(try WireCodec.decodeClientMessage(Array(escapedUser.utf8)) == .hello(.init(client: "c1", user: "é🎉/")))

        let largest = submit(seq: "9007199254740991", base: "9007199254740991")
        guard case .submit(let decoded) = try WireCodec.decodeClientMessage(Array(largest.utf8)) else {
            Issue.record("not a submit")
            return
        }
        #expect(decoded.seq == 9_007_199_254_740_991 && decoded.base == 9_007_199_254_740_991)

        let userOf32 = hello(user: "\"\(String(repeating: "🎉", count: 32))\"")
        #expect(throws: Never.self) { try WireCodec.decodeClientMessage(Array(userOf32.utf8)) }

        let ackFalseFlags = ackHead + #","op":\#(move),"noop":false,"duplicate":false}"#
        guard case .ack(let ack) = try WireCodec.decodeServerMessage(Array(ackFalseFlags.utf8)) else {
            Issue.record("not an ack")
            return
        }
        #expect(!ack.noop && !ack.duplicate)
    }
}
