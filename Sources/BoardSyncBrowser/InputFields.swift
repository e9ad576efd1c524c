import BoardSync

/// Typed access to the fields of one JSON object the host page sent, read by the core's
/// `JSONFields` (no tree of JSON values), throwing an error that names the field. Unknown fields
/// are ignored; an absent or `null` optional field reads as nil. The accessors stay out of line:
/// inlined at each of the intents' fields they would make the WebAssembly module larger.
struct InputFields {
    /// The largest integer a JavaScript number holds exactly, 2^53 − 1.
    static let maxInteger: Int64 = 9_007_199_254_740_991

    let object: JSONFields

    /// Checks `bytes` as one JSON value that is an object.
    init(parsing bytes: [UInt8]) throws(BrowserInputError) {
        let object: JSONFields?
        do {
            object = try JSONFields.object(validating: bytes)
        } catch {
            throw .notJSON(error)
        }
        guard let object else { throw .notAnObject }
        self.object = object
    }

    private init(object: JSONFields) {
        self.object = object
    }

    @inline(never)
    private func present(_ key: StaticString) -> JSONFields.Value? {
        guard let value = object.value(key) else { return nil }
        if case .null = value { return nil }
        return value
    }

    /// Whether the object has `key` with a value other than null.
    func has(_ key: StaticString) -> Bool {
        present(key) != nil
    }

    @inline(never)
    func strings(_ key: StaticString) throws(BrowserInputError) -> [String] {
        guard present(key) != nil else { throw .missingField(Self.name(key)) }
        guard let strings = object.strings(key) else {
            throw .wrongType(field: Self.name(key), expected: "an array of strings")
        }
        return strings
    }

    @inline(never)
    func optionalBool(_ key: StaticString) throws(BrowserInputError) -> Bool? {
        guard let value = present(key) else { return nil }
        guard case .bool(let flag) = value else { throw .wrongType(field: Self.name(key), expected: "true or false") }
        return flag
    }

    @inline(never)
    func string(_ key: StaticString) throws(BrowserInputError) -> String {
        guard let text = try optionalString(key) else { throw .missingField(Self.name(key)) }
        return text
    }

    @inline(never)
    func optionalString(_ key: StaticString) throws(BrowserInputError) -> String? {
        guard let value = present(key) else { return nil }
        guard case .string(let text) = value else { throw .wrongType(field: Self.name(key), expected: "a string") }
        return text
    }

    @inline(never)
    func integer(_ key: StaticString) throws(BrowserInputError) -> Int {
        guard let number = try optionalInteger(key) else { throw .missingField(Self.name(key)) }
        return number
    }

    /// An integer written without fraction or exponent that fits `Int` (32 bits on wasm32).
    @inline(never)
    func optionalInteger(_ key: StaticString) throws(BrowserInputError) -> Int? {
        guard let value = present(key) else { return nil }
        guard case .integer(let number) = value, let result = Int(exactly: number) else {
            throw .wrongType(field: Self.name(key), expected: "an integer")
        }
        return result
    }

    /// An integer from 0 to 2^53 − 1 (the most a JavaScript number holds exactly), on every target.
    @inline(never)
    func unsigned(_ key: StaticString) throws(BrowserInputError) -> UInt64 {
        guard let value = present(key) else { throw .missingField(Self.name(key)) }
        guard case .integer(let number) = value, number >= 0, number <= Self.maxInteger else {
            throw .wrongType(field: Self.name(key), expected: "an integer from 0 to 2^53 - 1")
        }
        return UInt64(number)
    }

    /// A non-negative number such as a clock reading in milliseconds: an integer or a plain
    /// decimal (`1234.5`); exponents are refused.
    @inline(never)
    func milliseconds(_ key: StaticString) throws(BrowserInputError) -> Double {
        guard let value = present(key) else { throw .missingField(Self.name(key)) }
        let expected = "a non-negative number of milliseconds"
        switch value {
        case .integer(let number) where number >= 0 && number <= Self.maxInteger:
            return Double(number)
        case .number(let text):
            guard let number = Self.plainDecimal(text) else {
                throw .wrongType(field: Self.name(key), expected: expected)
            }
            return number
        default:
            throw .wrongType(field: Self.name(key), expected: expected)
        }
    }

    @inline(never)
    func nested(_ key: StaticString) throws(BrowserInputError) -> InputFields? {
        guard let value = present(key) else { return nil }
        guard case .object(let object) = value else { throw .wrongType(field: Self.name(key), expected: "an object") }
        return InputFields(object: object)
    }

    /// A field name as error messages give it.
    @inline(never)
    private static func name(_ key: StaticString) -> String {
        key.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    }

    /// The value of `digits` or `digits.digits`, or nil for anything else (a sign, an exponent,
    /// more than 15 digits before the point). Digits beyond the sixth after the point are ignored.
    static func plainDecimal(_ text: String) -> Double? {
        var whole: Int64 = 0
        var wholeDigits = 0
        var fraction = 0.0
        var scale = 1.0
        var seenPoint = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int64(byte - UInt8(ascii: "0"))
            if !seenPoint {
                wholeDigits += 1
                guard wholeDigits <= 15 else { return nil }
                whole = whole * 10 + digit
            } else if scale > 1e-6 {
                scale /= 10
                fraction += Double(digit) * scale
            }
        }
        guard wholeDigits > 0 else { return nil }
        return Double(whole) + fraction
    }
}
