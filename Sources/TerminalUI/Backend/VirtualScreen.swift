/// A tiny VT terminal emulator covering the sequences this module emits:
/// printable UTF-8 text (a grapheme cluster in one cell, as wide as `DisplayWidth` says; zero-width
/// scalars join the previous cell), CR, LF, backspace, CUP/HVP, cursor
/// up/down/forward/back, SGR, erase display/line and DEC private modes
/// (recorded, e.g. 2026, 1049, 25). Unknown sequences are ignored.
/// Bytes may arrive in any chunks.
public struct VirtualScreen: Sendable {
    /// What the screen shows.
    public private(set) var buffer: Buffer
    /// 0-based cursor column and row.
    public private(set) var cursor: (x: Int, y: Int) = (0, 0)
    /// The style applied to the next printed character.
    public private(set) var currentStyle: Style = .plain
    /// DEC private modes currently set (`ESC[?Nh`).
    public private(set) var privateModes: Set<Int> = []
    /// How many synchronized updates (`ESC[?2026h` … `l`) have completed.
    public private(set) var completedSynchronizedUpdates = 0

    private var state = ParserState.ground
    private var parameters: [UInt8] = []
    private var utf8Pending: [UInt8] = []
    private var utf8Expected = 0
    private var pendingWrap = false
    private var lastPrinted: (x: Int, y: Int)?

    private enum ParserState: Sendable {
        case ground, escape, controlSequence
    }

    public init(width: Int, height: Int) {
        buffer = Buffer(width: width, height: height)
    }

    /// The screen's rows as text.
    public func textLines(trimmingTrailingSpaces: Bool = false) -> [String] {
        buffer.textLines(trimmingTrailingSpaces: trimmingTrailingSpaces)
    }

    /// Changes the screen size, keeping what fits.
    public mutating func resize(width: Int, height: Int) {
        var resized = Buffer(width: width, height: height)
        for row in 0..<min(height, buffer.height) {
            for column in 0..<min(width, buffer.width) {
                if let cell = buffer.cell(x: column, y: row), !cell.isContinuation {
                    resized.set(x: column, y: row, cell: cell)
                }
            }
        }
        buffer = resized
        cursor = (min(cursor.x, max(0, width - 1)), min(cursor.y, max(0, height - 1)))
        pendingWrap = false
        lastPrinted = nil
    }

    /// Interprets `bytes`.
    public mutating func apply(_ bytes: [UInt8]) {
        for byte in bytes {
            consume(byte)
        }
    }

    private mutating func consume(_ byte: UInt8) {
        switch state {
        case .ground:
            consumeGround(byte)
        case .escape:
            if byte == UInt8(ascii: "[") {
                parameters = []
                state = .controlSequence
            } else {
                state = .ground
            }
        case .controlSequence:
            if byte >= 0x40 && byte <= 0x7E {
                executeControlSequence(final: byte)
                state = .ground
            } else if byte >= 0x20 && byte <= 0x3F {
                if parameters.count < 64 { parameters.append(byte) }
            } else {
                state = .ground
            }
        }
    }

    private mutating func consumeGround(_ byte: UInt8) {
        if utf8Expected > 0 {
            if byte & 0xC0 == 0x80 {
                utf8Pending.append(byte)
                if utf8Pending.count == utf8Expected {
                    let text = String(decoding: utf8Pending, as: UTF8.self)
                    utf8Pending = []
                    utf8Expected = 0
                    for scalar in text.unicodeScalars { print(scalar) }
                }
                return
            }
            utf8Pending = []
            utf8Expected = 0
        }
        switch byte {
        case 0x1B: state = .escape
        case 0x0D: cursor.x = 0; pendingWrap = false
        case 0x0A: lineFeed()
        case 0x08:
            cursor.x = max(0, cursor.x - 1)
            pendingWrap = false
        case 0x20..<0x7F: print(Unicode.Scalar(byte))
        case 0xC2...0xDF: startMultibyte(byte, length: 2)
        case 0xE0...0xEF: startMultibyte(byte, length: 3)
        case 0xF0...0xF4: startMultibyte(byte, length: 4)
        default: break
        }
    }

    private mutating func startMultibyte(_ byte: UInt8, length: Int) {
        utf8Pending = [byte]
        utf8Expected = length
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if cursor.y + 1 < buffer.height { cursor.y += 1 }
    }

    private mutating func print(_ scalar: Unicode.Scalar) {
        guard buffer.width > 0, buffer.height > 0 else { return }
        let width = DisplayWidth.of(scalar)
        if width == 0 || continuesCluster(with: scalar) {
            joinToPreviousCell(scalar)
            return
        }
        if pendingWrap || cursor.x + width > buffer.width {
            cursor.x = 0
            lineFeed()
        }
        buffer.set(x: cursor.x, y: cursor.y, cell: Cell(String(Character(scalar)), style: currentStyle))
        lastPrinted = cursor
        advance(by: width)
    }

    private mutating func advance(by width: Int) {
        if cursor.x + width >= buffer.width {
            cursor.x = buffer.width - 1
            pendingWrap = true
        } else {
            cursor.x += width
        }
    }

    /// Whether `scalar` belongs to the grapheme cluster printed last (the rest of a flag, an
    /// emoji sequence or a Hangul syllable), as a terminal following the Unicode rules joins it.
    private func continuesCluster(with scalar: Unicode.Scalar) -> Bool {
        guard let last = lastPrinted, let cell = buffer.cell(x: last.x, y: last.y), !cell.isContinuation else {
            return false
        }
        var joined = cell.symbol
        joined.unicodeScalars.append(scalar)
        return joined.count == 1
    }

    private mutating func joinToPreviousCell(_ scalar: Unicode.Scalar) {
        guard let last = lastPrinted, var cell = buffer.cell(x: last.x, y: last.y) else { return }
        let oldWidth = cell.width
        cell.symbol.unicodeScalars.append(scalar)
        if cell.width > oldWidth, last.x + cell.width > buffer.width { return }
        buffer.set(x: last.x, y: last.y, cell: cell)
        if cell.width > oldWidth, !pendingWrap { advance(by: cell.width - oldWidth) }
    }

    private mutating func executeControlSequence(final: UInt8) {
        let isPrivate = parameters.first == UInt8(ascii: "?")
        let body = String(decoding: isPrivate ? Array(parameters.dropFirst()) : parameters, as: UTF8.self)
        let numbers = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func number(_ index: Int, default fallback: Int) -> Int {
            guard index < numbers.count, let value = numbers[index], value > 0 else { return fallback }
            return value
        }
        lastPrinted = nil
        if isPrivate {
            setPrivateModes(numbers.compactMap { $0 }, enabled: final == UInt8(ascii: "h"), final: final)
            return
        }
        pendingWrap = false
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            cursor = (
                min(number(1, default: 1), buffer.width) - 1,
                min(number(0, default: 1), buffer.height) - 1
            )
        case UInt8(ascii: "A"): cursor.y = max(0, cursor.y - number(0, default: 1))
        case UInt8(ascii: "B"): cursor.y = min(buffer.height - 1, cursor.y + number(0, default: 1))
        case UInt8(ascii: "C"): cursor.x = min(buffer.width - 1, cursor.x + number(0, default: 1))
        case UInt8(ascii: "D"): cursor.x = max(0, cursor.x - number(0, default: 1))
        case UInt8(ascii: "m"): applyGraphicRendition(numbers.map { $0 ?? 0 })
        case UInt8(ascii: "J"): eraseDisplay(mode: numbers.first.flatMap { $0 } ?? 0)
        case UInt8(ascii: "K"): eraseLine(mode: numbers.first.flatMap { $0 } ?? 0)
        default: break
        }
    }

    private mutating func setPrivateModes(_ modes: [Int], enabled: Bool, final: UInt8) {
        guard final == UInt8(ascii: "h") || final == UInt8(ascii: "l") else { return }
        for mode in modes {
            if enabled {
                privateModes.insert(mode)
            } else {
                if mode == 2026 && privateModes.contains(2026) { completedSynchronizedUpdates += 1 }
                privateModes.remove(mode)
            }
        }
    }

    private mutating func eraseDisplay(mode: Int) {
        let blank = Cell(" ", style: currentStyle)
        switch mode {
        case 2, 3:
            buffer.fill(buffer.area, with: blank)
        case 1:
            buffer.fill(Rect(x: 0, y: 0, width: buffer.width, height: cursor.y), with: blank)
            buffer.fill(Rect(x: 0, y: cursor.y, width: cursor.x + 1, height: 1), with: blank)
        default:
            buffer.fill(Rect(x: cursor.x, y: cursor.y, width: buffer.width - cursor.x, height: 1), with: blank)
            buffer.fill(
                Rect(x: 0, y: cursor.y + 1, width: buffer.width, height: buffer.height - cursor.y - 1), with: blank)
        }
    }

    private mutating func eraseLine(mode: Int) {
        let blank = Cell(" ", style: currentStyle)
        switch mode {
        case 2: buffer.fill(Rect(x: 0, y: cursor.y, width: buffer.width, height: 1), with: blank)
        case 1: buffer.fill(Rect(x: 0, y: cursor.y, width: cursor.x + 1, height: 1), with: blank)
        default: buffer.fill(Rect(x: cursor.x, y: cursor.y, width: buffer.width - cursor.x, height: 1), with: blank)
        }
    }

    private mutating func applyGraphicRendition(_ codes: [Int]) {
        var index = 0
        let list = codes.isEmpty ? [0] : codes
        while index < list.count {
            let code = list[index]
            index += 1
            switch code {
            case 0: currentStyle = .plain
            case 1: currentStyle.attributes.insert(.bold)
            case 2: currentStyle.attributes.insert(.dim)
            case 4: currentStyle.attributes.insert(.underline)
            case 7: currentStyle.attributes.insert(.reverse)
            case 22: currentStyle.attributes.subtract([.bold, .dim])
            case 24: currentStyle.attributes.remove(.underline)
            case 27: currentStyle.attributes.remove(.reverse)
            case 30...37: currentStyle.foreground = ansi(code - 30)
            case 39: currentStyle.foreground = .default
            case 40...47: currentStyle.background = ansi(code - 40)
            case 49: currentStyle.background = .default
            case 90...97: currentStyle.foreground = ansi(code - 90 + 8)
            case 100...107: currentStyle.background = ansi(code - 100 + 8)
            case 38, 48:
                let (color, used) = extendedColor(Array(list[index...]))
                index += used
                if let color {
                    if code == 38 { currentStyle.foreground = color } else { currentStyle.background = color }
                }
            default: break
            }
        }
    }

    private func ansi(_ index: Int) -> Color {
        .ansi(ANSIColor(rawValue: UInt8(index)) ?? .white)
    }

    private func extendedColor(_ rest: [Int]) -> (Color?, Int) {
        func component(_ value: Int) -> UInt8 { UInt8(clamping: value) }
        if rest.first == 5, rest.count >= 2 {
            return (.indexed(component(rest[1])), 2)
        }
        if rest.first == 2, rest.count >= 4 {
            return (.rgb(red: component(rest[1]), green: component(rest[2]), blue: component(rest[3])), 4)
        }
        return (nil, rest.count)
    }
}
