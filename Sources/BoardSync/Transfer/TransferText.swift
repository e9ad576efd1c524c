/// The rules an imported label or title is made to follow (protocol section 2), and what a text
/// file's bytes must be: UTF-8, with or without a byte order mark.
enum TransferText {
    /// What became of one text on its way in.
    struct Cleaned {
        /// The text as it is imported; nil when nothing is left of it.
        var text: String?
        /// Line breaks, tabs or other control characters were replaced by spaces.
        var replacedControls = false
        /// Invisible direction controls were taken out.
        var removedDirectionControls = false
        /// How many characters it had before it was cut to the limit; nil when it was not cut.
        var cutFrom: Int?
    }

    /// 3 when `bytes` start with UTF-8's byte order mark, else 0.
    static func bomLength(_ bytes: [UInt8]) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// The text of `bytes` without a byte order mark, or nil when they are not UTF-8.
    static func decode(_ bytes: [UInt8]) -> String? {
        String(validating: bytes[bomLength(bytes)...], as: UTF8.self)
    }

    /// `text` as a label or title may hold it: every run of control characters (a line break, a
    /// tab) becomes one space, or nothing at either end; direction controls are taken out; a
    /// text longer than `limit` scalars is cut after the last whole character that fits; a text
    /// left blank is nothing.
    static func clean(_ text: String, limit: Int) -> Cleaned {
        var result = Cleaned()
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if Validation.isControl(scalar) {
                result.replacedControls = true
                if !scalars.isEmpty { pendingSpace = true }
                continue
            }
            if Validation.isBidiControl(scalar) {
                result.removedDirectionControls = true
                continue
            }
            if pendingSpace {
                scalars.append(" ")
                pendingSpace = false
            }
            scalars.append(scalar)
        }
        var cleaned = String(scalars)
        let count = cleaned.unicodeScalars.count
        if count > limit {
            result.cutFrom = count
            cleaned = cut(cleaned, to: limit)
        }
        result.text = Validation.checkText(cleaned, limit: limit) == nil ? cleaned : nil
        return result
    }

    /// The longest start of `text` of whole characters within `limit` scalars.
    private static func cut(_ text: String, to limit: Int) -> String {
        var kept = ""
        var count = 0
        for character in text {
            let size = character.unicodeScalars.count
            if count + size > limit { break }
            kept.append(character)
            count += size
        }
        return kept
    }
}
