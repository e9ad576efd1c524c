/// One column of the screen: a single grapheme and its style.
///
/// A character two columns wide lives in the left cell; the cell to its right
/// is a *continuation* cell with an empty symbol, which renderers skip.
public struct Cell: Hashable, Sendable {
    /// The grapheme shown in this column; empty for the right half of a wide character.
    public var symbol: String
    public var style: Style

    public init(_ symbol: String = " ", style: Style = .plain) {
        self.symbol = symbol
        self.style = style
    }

    /// A space in the default style.
    public static let blank = Cell()

    /// True for the right half of a wide character.
    public var isContinuation: Bool { symbol.isEmpty }

    /// Columns the symbol occupies (0 for a continuation cell).
    public var width: Int { symbol.isEmpty ? 0 : max(1, DisplayWidth.of(symbol)) }
}
