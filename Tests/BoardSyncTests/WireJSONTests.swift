import Testing

@testable import BoardSync

/// The JSON layer on its own: what the parser keeps, what the writer writes.
@Suite struct WireJSONTests {
    private func parse(_ text: String, maxDepth: Int = JSONValue.defaultMaxDepth) throws(JSONSyntaxError) -> JSONValue {
        try JSONValue.parse(text, maxDepth: maxDepth)
    }

    private func text(_ value: JSONValue) -> String {
        String(decoding: value.encoded, as: UTF8.self)
    }

    @Test func parsesEveryKindOfValueAndKeepsKeyOrder() throws {
        let value = try parse(#" {"z": [true, false, null], "a": {"n": -12, "x": 1.5e3}, "m": "s"} "#)
        let expected: JSONValue = ["z": [true, false, nil], "a": ["n": -12, "x": .number("1.5e3")], "m": "s"]
        #expect(value == expected)
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object.keys == ["z", "a", "m"])
        #expect(object["a"]?.typeName == "object")
        #expect(object["missing"] == nil)
    }

    @Test func tellsIntegersFromOtherNumbers() throws {
        #expect(try parse("1") == .integer(1))
        #expect(try parse("0") == .integer(0))
        #expect(try parse("-0") == .integer(0))
        #expect(try parse("1.0") == .number("1.0"))
        #expect(try parse("1e0") == .number("1e0"))
        #expect(try parse("1E+2") == .number("1E+2"))
        #expect(try parse("-0.5e-7") == .number("-0.5e-7"))
        #expect(try parse("9223372036854775807") == .integer(.max))
        #expect(try parse("-9223372036854775808") == .integer(.min))
        #expect(try parse("9223372036854775808") == .number("9223372036854775808"))
        #expect(try parse("-9223372036854775809") == .number("-9223372036854775809"))
        #expect(try parse("123456789012345678901234567890") == .number("123456789012345678901234567890"))
    }

    @Test func refusesNumbersOutsideTheGrammar() {
        for bad in ["01", "-01", "+1", ".5", "1.", "1e", "1e+", "--1", "0x10", "NaN", "Infinity", "-Infinity", "1.e5"] {
            #expect(throws: JSONSyntaxError.self, "\(bad)") { try parse(bad) }
        }
    }

    @Test func decodesEveryEscape() throws {
        let value = try parse(#""\" \\ \/ \b \f \n \r \t \u0000 \u00e9 \u65E5 \ud83c\udf89 \uD83C\uDF89""#)
        #expect(value == .string("\" \\ / \u{8} \u{C} \n \r \t \u{0} é 日 🎉 🎉"))
    }

    @Test func keepsRawUTF8AsItIs() throws {
        #expect(try parse("\"Ünïcödé 日本 🎉 \u{2028}\"") == .string("Ünïcödé 日本 🎉 \u{2028}"))
    }

    @Test func nestsUpToTheLimitAndNoFurther() throws {
        let depth32 = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        let depth33 = String(repeating: "[", count: 33) + String(repeating: "]", count: 33)
        #expect(throws: Never.self) { try parse(depth32) }
        #expect(throws: JSONSyntaxError(.tooDeep, at: 32)) { try parse(depth33) }
        #expect(throws: JSONSyntaxError(.tooDeep, at: 10)) { try parse(#"{"a":{"b":{}}}"#, maxDepth: 2) }
        #expect(throws: Never.self) { try parse(#"{"a":{"b":1}}"#, maxDepth: 2) }
    }

    @Test func refusesDuplicateKeysInSmallAndLargeObjects() {
        #expect(throws: JSONSyntaxError(.duplicateKey("a"), at: 7)) { try parse(#"{"a":1,"a":2}"#) }
        let many = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        #expect(throws: Never.self) { try parse("{\(many)}") }
        let repeated = "{\(many),\"k3\":0}"
        #expect(throws: JSONSyntaxError(.duplicateKey("k3"), at: repeated.utf8.count - 7)) { try parse(repeated) }
    }

    @Test func writesCompactJSONEscapingOnlyWhatMustBe() {
        let value: JSONValue = [
            "s": "\u{0}\u{1F}\u{8}\u{C}\n\r\t\"\\/\u{7F}é日🎉", "n": [0, -1, nil, true, false, .number("2.5e-3")],
        ]
        #expect(
            text(value) == #"{"s":"\u0000\u001f\b\f\n\r\t\"\\/"# + "\u{7F}é日🎉"
                + #"","n":[0,-1,null,true,false,2.5e-3]}"#)
        #expect(text(.integer(.min)) == "-9223372036854775808")
        #expect(text(.integer(.max)) == "9223372036854775807")
        #expect(text([:]) == "{}")
        #expect(text([]) == "[]")
        #expect(text(["escaped\"key": [[], [:]]]) == #"{"escaped\"key":[[],{}]}"#)
    }

    @Test func writtenValuesParseBackToThemselves() throws {
        let value: JSONValue = [
            "a": [1, 2, [3, ["x": "y\u{1}"]]], "b": .number("-1.25E+10"), "c": nil, "d": "\u{10FFFF}\u{FFFF}",
        ]
        #expect(try JSONValue.parse(value.encoded) == value)
    }

    @Test func writerAppendsToExistingBytes() {
        var writer = JSONWriter(appendingTo: [9, 9])
        writer.beginArray()
        writer.integer(1)
        writer.plainString("two")
        writer.beginObject()
        writer.key("k")
        writer.bool(true)
        writer.endObject()
        writer.endArray()
        #expect(writer.bytes == [9, 9] + Array(#"[1,"two",{"k":true}]"#.utf8))
    }

    @Test func syntaxErrorsDescribeThemselves() {
        #expect(
            JSONSyntaxError(.unexpectedByte(UInt8(ascii: "x")), at: 4).description
                == "unexpected character 'x' at offset 4")
        #expect(JSONSyntaxError(.unexpectedByte(0x01), at: 0).description == "unexpected byte 0x1 at offset 0")
    }

    @Test func acceptsExactlyTheValidUTF8InStrings() {
        let seed: UInt64 = 0x0075_7466_38
        var random = WireRandom(seed: seed)
        let interesting: [UInt8] = [
            0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEE, 0xEF, 0xF0,
            0xF1, 0xF4, 0xF5, 0xFF,
        ]
        for iteration in 0..<5_000 {
            let content: [UInt8] = (0..<random.int(1...6)).map { _ in random.pick(interesting) }
            let reference = String(validating: content, as: UTF8.self)
            let parsed = try? JSONValue.parse([0x22] + content + [0x22])
            if parsed != reference.map(JSONValue.string) {
                Issue.record("seed \(seed) iteration \(iteration): \(content) parsed as \(String(describing: parsed))")
            }
        }
    }
}
