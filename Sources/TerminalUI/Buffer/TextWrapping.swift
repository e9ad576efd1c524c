/// Breaking text into lines of a number of display columns.
public enum TextWrapping {
    /// `text` in at most `maxLines` lines of at most `columns` columns each. Lines break after a
    /// space where one is in reach (the space itself is dropped), inside a word only when the
    /// word is longer than a line, and never inside a grapheme cluster. When the text does not
    /// fit, the last line is cut and ends in `…`. Empty text is one empty line.
    public static func lines(_ text: String, columns: Int, maxLines: Int) -> [String] {
        guard columns > 0, maxLines > 0 else { return [] }
        var lines: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty, lines.count < maxLines - 1 {
            if DisplayWidth.of(rest) <= columns { break }
            let (line, remainder) = firstLine(of: rest, columns: columns)
            lines.append(line)
            rest = remainder
        }
        lines.append(TextTrimming.trimmed(String(rest), toColumns: columns))
        return lines
    }

    /// How many lines `text` needs at `columns` columns, unlimited.
    public static func lineCount(_ text: String, columns: Int) -> Int {
        guard columns > 0 else { return 0 }
        var count = 1
        var rest = Substring(text)
        while DisplayWidth.of(rest) > columns {
            rest = firstLine(of: rest, columns: columns).remainder
            count += 1
        }
        return count
    }

    /// The longest first line of `text` within `columns`, broken after the last space that fits
    /// (or, without one, after the last cluster that fits), and the text after it.
    private static func firstLine(of text: Substring, columns: Int) -> (line: String, remainder: Substring) {
        var used = 0
        var end = text.startIndex
        var lastSpace: String.Index?
        for index in text.indices {
            let character = text[index]
            let width = DisplayWidth.of(character)
            if character == " " {
                if used + width > columns {
                    lastSpace = index
                    break
                }
                lastSpace = index
            } else if used + width > columns {
                break
            }
            used += width
            end = text.index(after: index)
        }
        if let space = lastSpace, space > text.startIndex {
            return (String(text[..<space]), text[text.index(after: space)...])
        }
        if end == text.startIndex { end = text.index(after: end) }
        return (String(text[..<end]), text[end...])
    }
}
