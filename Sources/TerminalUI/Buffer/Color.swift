/// A terminal colour: the terminal's default, one of the 16 ANSI colours,
/// an entry of the 256-colour palette or a 24-bit RGB value.
public enum Color: Hashable, Sendable {
    /// The terminal's own default foreground or background.
    case `default`
    /// One of the 16 standard ANSI colours.
    case ansi(ANSIColor)
    /// An entry of the xterm 256-colour palette.
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(red: UInt8, green: UInt8, blue: UInt8)

    public static let black = Color.ansi(.black)
    public static let red = Color.ansi(.red)
    public static let green = Color.ansi(.green)
    public static let yellow = Color.ansi(.yellow)
    public static let blue = Color.ansi(.blue)
    public static let magenta = Color.ansi(.magenta)
    public static let cyan = Color.ansi(.cyan)
    public static let white = Color.ansi(.white)
    public static let gray = Color.ansi(.brightBlack)
}

/// The 16 standard ANSI colours; the raw value is the palette index 0–15.
public enum ANSIColor: UInt8, CaseIterable, Sendable {
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow
    case brightBlue, brightMagenta, brightCyan, brightWhite
}
