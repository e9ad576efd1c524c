/// Shortening text to a number of display columns.
public enum TextTrimming {
    /// The ellipsis appended when text is cut.
    public static let ellipsis: Character = "…"

    /// `text` unchanged when it fits in `columns`, otherwise its longest prefix
    /// that leaves room for `…`, followed by `…`. Never wider than `columns`;
    /// a wide character that would straddle the limit is dropped.
    public static func trimmed(_ text: String, toColumns columns: Int) -> String {
        guard columns > 0 else { return "" }
        if DisplayWidth.of(text) <= columns { return text }
        var result = ""
        var used = 0
        for character in text {
            let width = DisplayWidth.of(character)
            if used + width > columns - 1 { break }
            result.append(character)
            used += width
        }
        result.append(ellipsis)
        return result
    }
}
