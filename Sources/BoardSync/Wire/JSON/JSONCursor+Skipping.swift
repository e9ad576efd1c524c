extension JSONCursor {
    /// Steps over the value at `offset` in bytes a validator already accepted, without checking
    /// them again: strings to their closing quote, objects and arrays to their closing bracket.
    mutating func skipValidatedValue() {
        switch current {
        case UInt8(ascii: "\""):
            skipValidatedString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") {
                    skipValidatedString()
                    continue
                }
                offset += 1
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    depth -= 1
                    if depth == 0 { return }
                }
            }
        default:
            while offset < bytes.count {
                switch bytes[offset] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D: return
                default: offset += 1
                }
            }
        }
    }

    /// Steps over the validated string at `offset` (its opening quote) to after its closing quote;
    /// true when the string holds an escape.
    @discardableResult
    mutating func skipValidatedString() -> Bool {
        var escaped = false
        offset += 1
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "\""):
                offset += 1
                return escaped
            case UInt8(ascii: "\\"):
                escaped = true
                offset += 2
            default: offset += 1
            }
        }
        return escaped
    }
}
