/// One column of the screen: a single grapheme and its style.
///
/// A character two columns wide lives in the left cell; the cell to its right
/// is a *continuation* cell with an empty symbol, which renderers skip.
///
/// The symbol's display width is worked out once, whenever the symbol is set,
/// so diffing and overwriting cells never measure text again.
public struct Cell: Hashable, Sendable {
    /// The grapheme shown in this column; empty for the right half of a wide character.
    public var symbol: String {
        didSet { columns = Self.columns(of: symbol) }
    }
    public var style: Style
    /// `width`, kept in step with `symbol`.
    private var columns: Int

    public init(_ symbol: String = " ", style: Style = .plain) {
        self.symbol = symbol
        self.style = style
        self.columns = Self.columns(of: symbol)
    }

    /// A cell whose symbol's width the caller has already measured (`width` of a non-empty symbol).
    init(_ symbol: String, style: Style, width: Int) {
        self.symbol = symbol
        self.style = style
        self.columns = symbol.isEmpty ? 0 : max(1, width)
    }

    /// A space in the default style.
    public static let blank = Cell()

    /// True for the right half of a wide character.
    public var isContinuation: Bool { symbol.isEmpty }

    /// Columns the symbol occupies (0 for a continuation cell).
    public var width: Int { Int(columns) }

    /// `lhs.pointee == rhs.pointee`, read in place: copying a cell out of its buffer retains and
    /// releases its symbol, which dominated diffing a frame.
    static func sameContent(_ lhs: UnsafePointer<Cell>, _ rhs: UnsafePointer<Cell>) -> Bool {
        lhs.pointee.style == rhs.pointee.style && lhs.pointee.columns == rhs.pointee.columns
            && lhs.pointee.symbol == rhs.pointee.symbol
    }

    private static func columns(of symbol: String) -> Int {
        symbol.isEmpty ? 0 : max(1, DisplayWidth.of(symbol))
    }
}
