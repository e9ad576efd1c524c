/// Decodes one event at a time from the front of a byte array.
enum InputParser {
    /// What one step of decoding found.
    enum Decoded: Equatable {
        case event(InputEvent)
        /// `ESC[200~`: the bytes that follow are pasted text.
        case startPaste
        /// Bytes that mean nothing to us (unknown sequences, invalid UTF-8).
        case ignored
    }

    enum Outcome: Equatable {
        case decoded(Decoded, length: Int)
        case needMoreBytes
    }

    static func parse(_ bytes: [UInt8], from start: Int) -> Outcome {
        let byte = bytes[start]
        if byte == 0x1B {
            return parseEscape(bytes, from: start)
        }
        return parsePlain(bytes, from: start)
    }

    private static func key(_ key: Key, _ modifiers: KeyModifiers = []) -> Decoded {
        .event(.key(KeyEvent(key, modifiers: modifiers)))
    }

    private static func parsePlain(_ bytes: [UInt8], from start: Int) -> Outcome {
        let byte = bytes[start]
        switch byte {
        case 0x0D, 0x0A: return .decoded(key(.enter), length: 1)
        case 0x09: return .decoded(key(.tab), length: 1)
        case 0x7F, 0x08: return .decoded(key(.backspace), length: 1)
        case 0x00: return .decoded(key(.character(" "), .control), length: 1)
        case 0x01...0x1A:
            let letter = Character(Unicode.Scalar(byte + 0x60))
            return .decoded(key(.character(letter), .control), length: 1)
        case 0x1C...0x1F:
            let symbol = Character(Unicode.Scalar(byte + 0x40))
            return .decoded(key(.character(symbol), .control), length: 1)
        case 0x20...0x7E:
            return .decoded(key(.character(Character(Unicode.Scalar(byte)))), length: 1)
        default:
            return parseUTF8(bytes, from: start)
        }
    }

    private static func parseUTF8(_ bytes: [UInt8], from start: Int) -> Outcome {
        let length: Int
        switch bytes[start] {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .decoded(.ignored, length: 1)
        }
        var index = start + 1
        while index < start + length {
            guard index < bytes.count else { return .needMoreBytes }
            guard bytes[index] & 0xC0 == 0x80 else { return .decoded(.ignored, length: index - start) }
            index += 1
        }
        var iterator = bytes[start..<index].makeIterator()
        var utf8 = UTF8()
        guard case .scalarValue(let scalar) = utf8.decode(&iterator) else {
            return .decoded(.ignored, length: length)
        }
        return .decoded(key(.character(Character(scalar))), length: length)
    }

    private static func parseEscape(_ bytes: [UInt8], from start: Int) -> Outcome {
        guard start + 1 < bytes.count else { return .needMoreBytes }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            return parseControlSequence(bytes, from: start)
        case UInt8(ascii: "O"):
            guard start + 2 < bytes.count else { return .needMoreBytes }
            return .decoded(singleShiftKey(bytes[start + 2]), length: 3)
        case 0x1B:
            return .decoded(key(.escape), length: 1)
        default:
            switch parsePlain(bytes, from: start + 1) {
            case .needMoreBytes:
                return .needMoreBytes
            case .decoded(.event(.key(var event)), let length):
                event.modifiers.insert(.alt)
                return .decoded(.event(.key(event)), length: length + 1)
            case .decoded(let other, let length):
                return .decoded(other, length: length + 1)
            }
        }
    }

    /// `ESC O x`: arrows, Home/End and F1–F4 in application mode.
    private static func singleShiftKey(_ final: UInt8) -> Decoded {
        switch final {
        case UInt8(ascii: "A"): return key(.up)
        case UInt8(ascii: "B"): return key(.down)
        case UInt8(ascii: "C"): return key(.right)
        case UInt8(ascii: "D"): return key(.left)
        case UInt8(ascii: "H"): return key(.home)
        case UInt8(ascii: "F"): return key(.end)
        case UInt8(ascii: "M"): return key(.enter)
        case UInt8(ascii: "P"): return key(.function(1))
        case UInt8(ascii: "Q"): return key(.function(2))
        case UInt8(ascii: "R"): return key(.function(3))
        case UInt8(ascii: "S"): return key(.function(4))
        default: return .ignored
        }
    }

    private static func parseControlSequence(_ bytes: [UInt8], from start: Int) -> Outcome {
        var index = start + 2
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x40 && byte <= 0x7E {
                let parameters = Array(bytes[(start + 2)..<index])
                return .decoded(controlSequence(parameters: parameters, final: byte), length: index - start + 1)
            }
            guard byte >= 0x20 && byte <= 0x3F else {
                return .decoded(.ignored, length: index - start)
            }
            if index - start >= InputDecoder.maximumSequenceLength {
                return .decoded(.ignored, length: index - start)
            }
            index += 1
        }
        return .needMoreBytes
    }

    private static func controlSequence(parameters: [UInt8], final: UInt8) -> Decoded {
        if parameters.first == UInt8(ascii: "<") {
            return mouse(parameters: Array(parameters.dropFirst()), final: final)
        }
        guard let numbers = numbers(parameters) else { return .ignored }
        let modifiers = modifiers(fromParameter: numbers.count > 1 ? numbers[1] : 1)
        switch final {
        case UInt8(ascii: "A"): return key(.up, modifiers)
        case UInt8(ascii: "B"): return key(.down, modifiers)
        case UInt8(ascii: "C"): return key(.right, modifiers)
        case UInt8(ascii: "D"): return key(.left, modifiers)
        case UInt8(ascii: "H"): return key(.home, modifiers)
        case UInt8(ascii: "F"): return key(.end, modifiers)
        case UInt8(ascii: "P"): return key(.function(1), modifiers)
        case UInt8(ascii: "Q"): return key(.function(2), modifiers)
        case UInt8(ascii: "R"): return key(.function(3), modifiers)
        case UInt8(ascii: "S"): return key(.function(4), modifiers)
        case UInt8(ascii: "Z"): return key(.backTab, modifiers.union(.shift))
        case UInt8(ascii: "~"): return tildeKey(numbers.first ?? 0, modifiers)
        default: return .ignored
        }
    }

    private static func tildeKey(_ code: Int, _ modifiers: KeyModifiers) -> Decoded {
        switch code {
        case 1, 7: return key(.home, modifiers)
        case 2: return key(.insert, modifiers)
        case 3: return key(.delete, modifiers)
        case 4, 8: return key(.end, modifiers)
        case 5: return key(.pageUp, modifiers)
        case 6: return key(.pageDown, modifiers)
        case 11...15: return key(.function(code - 10), modifiers)
        case 17...21: return key(.function(code - 11), modifiers)
        case 23, 24: return key(.function(code - 12), modifiers)
        case 200: return .startPaste
        default: return .ignored
        }
    }

    /// SGR mouse: `ESC[<b;x;yM` for press and motion, `…m` for release.
    private static func mouse(parameters: [UInt8], final: UInt8) -> Decoded {
        guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m"),
            let numbers = numbers(parameters), numbers.count == 3
        else { return .ignored }
        let code = numbers[0]
        let x = max(0, numbers[1] - 1)
        let y = max(0, numbers[2] - 1)
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let buttonBits = code & 3
        let buttons: [MouseButton] = [.left, .middle, .right]
        let button = buttonBits < buttons.count ? buttons[buttonBits] : nil
        let action: MouseAction
        if code & 128 != 0 {
            return .ignored
        } else if code & 64 != 0 {
            switch buttonBits {
            case 0: action = .scrollUp
            case 1: action = .scrollDown
            default: return .ignored
            }
        } else if code & 32 != 0 {
            action = button.map { .drag($0) } ?? .move
        } else if let button {
            action = final == UInt8(ascii: "m") ? .release(button) : .press(button)
        } else {
            return .ignored
        }
        return .event(.mouse(MouseEvent(action, x: x, y: y, modifiers: modifiers)))
    }

    /// `1;5` → [1, 5]; empty fields count as 0 and an empty list as [].
    /// Nil when a field is not a number of at most six digits.
    private static func numbers(_ parameters: [UInt8]) -> [Int]? {
        guard !parameters.isEmpty else { return [] }
        var result: [Int] = []
        for field in parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
            guard field.count <= 6 else { return nil }
            var value = 0
            for digit in field {
                guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(digit - UInt8(ascii: "0"))
            }
            result.append(value)
        }
        return result
    }

    /// The xterm modifier parameter: 1 + (shift 1 | alt 2 | control 4).
    private static func modifiers(fromParameter parameter: Int) -> KeyModifiers {
        let bits = max(0, parameter - 1)
        var modifiers: KeyModifiers = []
        if bits & 1 != 0 { modifiers.insert(.shift) }
        if bits & 2 != 0 { modifiers.insert(.alt) }
        if bits & 4 != 0 { modifiers.insert(.control) }
        return modifiers
    }
}
