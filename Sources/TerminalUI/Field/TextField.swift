/// One line of editable text, as a value: the text, a cursor between grapheme clusters, and the
/// keys a shell's line editor has (readline's and Emacs's): ← → Home End (Ctrl-A, Ctrl-E),
/// words with Alt-← Alt-→ (or Ctrl, or Alt-B Alt-F), Backspace, Delete (Ctrl-D), Ctrl-U, Ctrl-K,
/// Ctrl-W, Alt-Backspace and Alt-D. Pasted or typed text goes in at the cursor, line breaks and
/// tabs as spaces, other control characters left out. `TextField+Drawing` shows it.
public struct TextField: Hashable, Sendable {
    /// What a key did to the field.
    public enum Outcome: Hashable, Sendable {
        /// The text changed.
        case edited
        /// Only the cursor moved (or the key was an edit with nothing to do).
        case moved
        /// The key is not one of the field's.
        case ignored
    }

    /// The text as typed so far.
    public private(set) var text: String
    /// The cursor's place: how many grapheme clusters of `text` are before it.
    public private(set) var cursor: Int
    /// The first cluster shown when the text is wider than the field; `reveal` keeps it where
    /// the cursor is in sight.
    public private(set) var scroll = 0
    /// The most Unicode scalars the text may have, counted near the end of the field as the text
    /// approaches it; nil for none.
    public var limit: Int?
    /// From how many scalars the counter shows (`counter`); nil for never.
    public var counterFrom: Int?

    /// A field holding `text`, the cursor at its end; the counter `87/100` shows once the text has
    /// `counterFrom` scalars, when there is a `limit`.
    public init(_ text: String = "", limit: Int? = nil, counterFrom: Int? = nil) {
        self.text = ""
        self.cursor = 0
        self.limit = limit
        self.counterFrom = counterFrom
        insert(text)
    }

    /// The number of Unicode scalars of the text (what `limit` counts).
    public var scalarCount: Int { text.unicodeScalars.count }

    /// Edits or moves for `key`; `.ignored` for a key the field does not take (Enter, Escape,
    /// Tab, the arrows up and down, function keys).
    @discardableResult
    public mutating func handle(_ key: KeyEvent) -> Outcome {
        let control = key.modifiers.contains(.control)
        let alt = key.modifiers.contains(.alt)
        let byWord = control || alt
        switch key.key {
        case .left: return move(to: byWord ? wordStart(before: cursor) : cursor - 1)
        case .right: return move(to: byWord ? wordEnd(after: cursor) : cursor + 1)
        case .home: return move(to: 0)
        case .end: return move(to: count)
        case .backspace: return alt ? delete(wordStart(before: cursor)..<cursor) : delete((cursor - 1)..<cursor)
        case .delete: return delete(cursor..<(cursor + 1))
        case .character(let character) where control && !alt:
            switch character {
            case "a": return move(to: 0)
            case "e": return move(to: count)
            case "b": return move(to: cursor - 1)
            case "f": return move(to: cursor + 1)
            case "d": return delete(cursor..<(cursor + 1))
            case "u": return delete(0..<cursor)
            case "k": return delete(cursor..<count)
            case "w": return delete(spaceDelimitedWordStart(before: cursor)..<cursor)
            default: return .ignored
            }
        case .character(let character) where alt && !control:
            switch character {
            case "b": return move(to: wordStart(before: cursor))
            case "f": return move(to: wordEnd(after: cursor))
            case "d": return delete(cursor..<wordEnd(after: cursor))
            default: return .ignored
            }
        case .character(let character) where !control && !alt:
            insert(String(character))
            return .edited
        default:
            return .ignored
        }
    }

    /// Puts `typed` (a key, or a whole pasted line) in at the cursor and moves the cursor after
    /// it. Line breaks and tabs become spaces (a CR LF pair one space); other control characters
    /// are left out.
    public mutating func insert(_ typed: String) {
        var cleaned = ""
        for character in typed {
            if character == "\r\n" || character == "\n" || character == "\r" || character == "\t" {
                cleaned.append(" ")
            } else if !character.unicodeScalars.contains(where: Self.isControl) {
                cleaned.append(character)
            }
        }
        guard !cleaned.isEmpty else { return }
        let before = text.count
        text.insert(contentsOf: cleaned, at: index(cursor))
        // Clusters can merge where the new text meets the old (an accent after a letter).
        cursor += text.count - before
    }

    /// The number of grapheme clusters in the text.
    public var count: Int { text.count }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F)
    }

    private func index(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: offset)
    }

    private mutating func move(to target: Int) -> Outcome {
        cursor = max(0, min(target, count))
        return .moved
    }

    private mutating func delete(_ range: Range<Int>) -> Outcome {
        let lower = max(0, range.lowerBound)
        let upper = min(count, range.upperBound)
        guard lower < upper else { return .moved }
        text.removeSubrange(index(lower)..<index(upper))
        cursor = lower
        return .edited
    }

    /// Where the word before `offset` starts: back over what is not a letter or digit, then over
    /// letters and digits.
    private func wordStart(before offset: Int) -> Int {
        let characters = Array(text)
        var position = min(offset, characters.count)
        while position > 0, !Self.isWordCharacter(characters[position - 1]) { position -= 1 }
        while position > 0, Self.isWordCharacter(characters[position - 1]) { position -= 1 }
        return position
    }

    /// Where the word after `offset` ends: forward over what is not a letter or digit, then over
    /// letters and digits.
    private func wordEnd(after offset: Int) -> Int {
        let characters = Array(text)
        var position = max(0, offset)
        while position < characters.count, !Self.isWordCharacter(characters[position]) { position += 1 }
        while position < characters.count, Self.isWordCharacter(characters[position]) { position += 1 }
        return position
    }

    /// Where the space-delimited word before `offset` starts, as Ctrl-W deletes in a shell.
    private func spaceDelimitedWordStart(before offset: Int) -> Int {
        let characters = Array(text)
        var position = min(offset, characters.count)
        while position > 0, characters[position - 1].isWhitespace { position -= 1 }
        while position > 0, !characters[position - 1].isWhitespace { position -= 1 }
        return position
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// Remembers `start` as the first cluster shown (see `visibleStart`).
    mutating func setScroll(_ start: Int) {
        scroll = start
    }
}
