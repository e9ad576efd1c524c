import BoardSync

/// Typed access to the fields of one JSON object the host page sent, throwing an error that
/// names the field. Unknown fields are ignored; an absent or `null` optional field reads as nil.
struct InputFields {
    /// The largest integer a JavaScript number holds exactly, 2^53 − 1.
    static let maxInteger: Int64 = 9_007_199_254_740_991

    let object: JSONObject

    /// Parses `bytes` as one JSON object.
    init(parsing bytes: [UInt8]) throws(BrowserInputError) {
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch {
            throw .notJSON(error)
        }
        try self.init(value)
    }

    init(_ value: JSONValue) throws(BrowserInputError) {
        guard case .object(let object) = value else { throw .notAnObject }
        self.object = object
    }

    private func present(_ key: String) -> JSONValue? {
        guard let value = object[key], value != .null else { return nil }
        return value
    }

    func string(_ key: String) throws(BrowserInputError) -> String {
        guard let text = try optionalString(key) else { throw .missingField(key) }
        return text
    }

    func optionalString(_ key: String) throws(BrowserInputError) -> String? {
        guard let value = present(key) else { return nil }
        guard case .string(let text) = value else { throw .wrongType(field: key, expected: "a string") }
        return text
    }

    func integer(_ key: String) throws(BrowserInputError) -> Int {
        guard let number = try optionalInteger(key) else { throw .missingField(key) }
        return number
    }

    /// An integer written without fraction or exponent that fits `Int` (32 bits on wasm32).
    func optionalInteger(_ key: String) throws(BrowserInputError) -> Int? {
        guard let value = present(key) else { return nil }
        guard case .integer(let number) = value, let result = Int(exactly: number) else {
            throw .wrongType(field: key, expected: "an integer")
        }
        return result
    }

    /// An integer from 0 to 2^53 − 1 (the most a JavaScript number holds exactly), on every target.
    func unsigned(_ key: String) throws(BrowserInputError) -> UInt64 {
        guard let value = present(key) else { throw .missingField(key) }
        guard case .integer(let number) = value, number >= 0, number <= Self.maxInteger else {
            throw .wrongType(field: key, expected: "an integer from 0 to 2^53 - 1")
        }
        return UInt64(number)
    }

    /// A non-negative number such as a clock reading in milliseconds: an integer or a plain
    /// decimal (`1234.5`); exponents are refused.
    func milliseconds(_ key: String) throws(BrowserInputError) -> Double {
        guard let value = present(key) else { throw .missingField(key) }
        let expected = "a non-negative number of milliseconds"
        switch value {
        case .integer(let number) where number >= 0 && number <= Self.maxInteger:
            return Double(number)
        case .number(let text):
            guard let number = Self.plainDecimal(text) else { throw .wrongType(field: key, expected: expected) }
            return number
        default:
            throw .wrongType(field: key, expected: expected)
        }
    }

    func nested(_ key: String) throws(BrowserInputError) -> InputFields? {
        guard let value = present(key) else { return nil }
        guard case .object(let object) = value else { throw .wrongType(field: key, expected: "an object") }
        return InputFields(object: object)
    }

    private init(object: JSONObject) {
        self.object = object
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
