extension JSONCursor {
    /// Reads the string at `offset` (its opening quote) and decodes it.
    mutating func readString() throws(JSONSyntaxError) -> String {
        switch try scanString() {
        case .plain(let range): String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        case .decoded(let content): String(decoding: content, as: UTF8.self)
        }
    }

    /// Steps over the string at `offset` (its opening quote), checking every byte and escape.
    mutating func scanString() throws(JSONSyntaxError) -> StringContent {
        offset += 1
        let start = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                offset += 1
            } else if byte == UInt8(ascii: "\"") {
                offset += 1
                return .plain(start..<(offset - 1))
            } else if byte == UInt8(ascii: "\\") {
                return .decoded(try scanEscapedString(from: start))
            } else if byte < 0x20 {
                throw failure(.controlCharacterInString)
            } else {
                try skipUTF8Sequence()
            }
        }
        throw failure(.unexpectedEnd)
    }

    /// Continues a string at its first backslash, decoding it.
    private mutating func scanEscapedString(from start: Int) throws(JSONSyntaxError) -> [UInt8] {
        var scratch = Array(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return scratch
            }
            if byte == UInt8(ascii: "\\") {
                try readEscape(into: &scratch)
            } else if byte < 0x20 {
                throw failure(.controlCharacterInString)
            } else if byte < 0x80 {
                scratch.append(byte)
                offset += 1
            } else {
                let sequenceStart = offset
                try skipUTF8Sequence()
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[sequenceStart..<offset]))
            }
        }
        throw failure(.unexpectedEnd)
    }

    private mutating func readEscape(into scratch: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = offset
        offset += 1
        guard offset < bytes.count else { throw failure(.unexpectedEnd) }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try readHex4()
            var scalarValue = UInt32(unit)
            if (0xDC00...0xDFFF).contains(unit) {
                try refuseLoneSurrogate(at: escapeStart, into: &scratch)
                return
            }
            if (0xD800...0xDBFF).contains(unit) {
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                    bytes[offset + 1] == UInt8(ascii: "u")
                else {
                    try refuseLoneSurrogate(at: escapeStart, into: &scratch)
                    return
                }
                let lowStart = offset
                offset += 2
                let low = try readHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    try refuseLoneSurrogate(at: escapeStart, into: &scratch)
                    offset = lowStart
                    return
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            }
            Self.appendUTF8(scalarValue, to: &scratch)
        default:
            throw JSONSyntaxError(.invalidEscape, at: escapeStart)
        }
    }

    /// A lone surrogate is an error, or U+FFFD when reading tolerantly.
    private func refuseLoneSurrogate(at escapeStart: Int, into scratch: inout [UInt8]) throws(JSONSyntaxError) {
        guard tolerant else { throw JSONSyntaxError(.loneSurrogate, at: escapeStart) }
        Self.appendUTF8(0xFFFD, to: &scratch)
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard offset < bytes.count else { throw failure(.unexpectedEnd) }
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure(.invalidEscape)
            }
            value = value << 4 | UInt16(digit)
            offset += 1
        }
        return value
    }

    private static func appendUTF8(_ scalar: UInt32, to scratch: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(0xC0 | UInt8(scalar >> 6))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(0xE0 | UInt8(scalar >> 12))
            scratch.append(0x80 | UInt8((scalar >> 6) & 0x3F))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        default:
            scratch.append(0xF0 | UInt8(scalar >> 18))
            scratch.append(0x80 | UInt8((scalar >> 12) & 0x3F))
            scratch.append(0x80 | UInt8((scalar >> 6) & 0x3F))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        }
    }

    /// Steps over one multi-byte UTF-8 sequence, refusing overlong forms, surrogates and values
    /// above U+10FFFF (Unicode table 3-7).
    private mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
        let lead = bytes[offset]
        let continuationCount: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: continuationCount = 1
        case 0xE0:
            continuationCount = 2
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: continuationCount = 2
        case 0xED:
            continuationCount = 2
            secondRange = 0x80...0x9F
        case 0xF0:
            continuationCount = 3
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: continuationCount = 3
        case 0xF4:
            continuationCount = 3
            secondRange = 0x80...0x8F
        default:
            throw failure(.invalidUTF8)
        }
        guard offset + continuationCount < bytes.count else { throw failure(.invalidUTF8) }
        guard secondRange.contains(bytes[offset + 1]) else { throw failure(.invalidUTF8) }
        if continuationCount >= 2 {
            for index in (offset + 2)...(offset + continuationCount) where bytes[index] & 0xC0 != 0x80 {
                throw failure(.invalidUTF8)
            }
        }
        offset += continuationCount + 1
    }
}
