/// The colours a terminal shows, as far as its environment says: the sixteen ANSI colours every
/// terminal has, or the xterm 256-colour palette.
public enum ColorPalette: Hashable, Sendable {
    /// The sixteen ANSI colours.
    case ansi
    /// The xterm palette of 256 colours (the sixteen, a 6×6×6 cube and a grey ramp).
    case indexed256

    /// The palette the environment announces: 256 colours when `COLORTERM` is `truecolor` or
    /// `24bit`, or `TERM` names a 256-colour or direct-colour terminal (`xterm-256color`,
    /// `tmux-256color`, `xterm-direct`); the ANSI colours otherwise, and for `TERM=dumb`.
    public static func detect(environment: [String: String]) -> ColorPalette {
        let term = environment["TERM"]?.lowercased() ?? ""
        if term == "dumb" { return .ansi }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .indexed256 }
        if term.contains("256color") || term.hasSuffix("-direct") { return .indexed256 }
        return .ansi
    }
}
