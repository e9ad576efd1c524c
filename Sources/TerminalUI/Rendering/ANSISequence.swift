/// Byte strings of the control sequences this module emits.
public enum ANSISequence {
    static let escape: UInt8 = 0x1B

    /// `ESC[?2026h`: the terminal holds drawing until the matching end.
    public static let beginSynchronizedUpdate = csi("?2026h")
    /// `ESC[?2026l`
    public static let endSynchronizedUpdate = csi("?2026l")
    /// `ESC[?1049h`: switch to the alternate screen.
    public static let enterAlternateScreen = csi("?1049h")
    /// `ESC[?1049l`
    public static let leaveAlternateScreen = csi("?1049l")
    public static let hideCursor = csi("?25l")
    public static let showCursor = csi("?25h")
    /// Button presses, drags and SGR-encoded coordinates (1000, 1002, 1006).
    public static let enableMouse = csi("?1000h") + csi("?1002h") + csi("?1006h")
    public static let disableMouse = csi("?1006l") + csi("?1002l") + csi("?1000l")
    public static let enableBracketedPaste = csi("?2004h")
    public static let disableBracketedPaste = csi("?2004l")
    /// `ESC[2J`: erase the whole screen.
    public static let clearScreen = csi("2J")
    /// `ESC[0m`: default colours, no attributes.
    public static let resetStyle = csi("0m")

    /// `ESC[` followed by `body`.
    public static func csi(_ body: String) -> [UInt8] {
        [escape, UInt8(ascii: "[")] + Array(body.utf8)
    }

    /// Cursor position (CUP) to 0-based column `x`, row `y`.
    public static func moveCursor(x: Int, y: Int) -> [UInt8] {
        csi("\(y + 1);\(x + 1)H")
    }

    /// The SGR sequence that sets exactly `style`, starting from a reset.
    public static func selectGraphicRendition(_ style: Style) -> [UInt8] {
        var parameters = ["0"]
        if style.attributes.contains(.bold) { parameters.append("1") }
        if style.attributes.contains(.dim) { parameters.append("2") }
        if style.attributes.contains(.underline) { parameters.append("4") }
        if style.attributes.contains(.reverse) { parameters.append("7") }
        if let foreground = colorParameters(style.foreground, isForeground: true) {
            parameters.append(foreground)
        }
        if let background = colorParameters(style.background, isForeground: false) {
            parameters.append(background)
        }
        return csi(parameters.joined(separator: ";") + "m")
    }

    private static func colorParameters(_ color: Color, isForeground: Bool) -> String? {
        switch color {
        case .default:
            return nil
        case .ansi(let ansi):
            let index = Int(ansi.rawValue)
            let base = index < 8 ? (isForeground ? 30 : 40) : (isForeground ? 90 : 100)
            return String(base + index % 8)
        case .indexed(let index):
            return "\(isForeground ? 38 : 48);5;\(index)"
        case .rgb(let red, let green, let blue):
            return "\(isForeground ? 38 : 48);2;\(red);\(green);\(blue)"
        }
    }
}
