/// The value of a JSON number's text, close enough to order numbers by (the core reads no C
/// library, so it does not use `strtod`).
enum DecimalText {
    /// `text` (JSON number syntax: sign, digits, fraction, exponent) as a `Double`.
    static func value(_ text: String) -> Double? {
        var mantissa = 0.0
        var scale = 0
        var exponent = 0
        var negative = false
        var exponentNegative = false
        var part = 0
        var sawDigit = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-") where part == 0 && !sawDigit: negative = true
            case UInt8(ascii: "-") where part == 2: exponentNegative = true
            case UInt8(ascii: "+") where part == 2: continue
            case UInt8(ascii: "."): part = 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"): part = 2
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                sawDigit = true
                let digit = Int(byte - UInt8(ascii: "0"))
                if part == 2 {
                    exponent = min(exponent * 10 + digit, 400)
                } else {
                    mantissa = mantissa * 10 + Double(digit)
                    if part == 1 { scale += 1 }
                }
            default: return nil
            }
        }
        guard sawDigit else { return nil }
        var power = (exponentNegative ? -exponent : exponent) - scale
        var result = mantissa
        while power > 0 {
            result *= 10
            power -= 1
        }
        while power < 0 {
            result /= 10
            power += 1
        }
        return negative ? -result : result
    }
}
