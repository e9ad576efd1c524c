extension Validation {
    /// What is wrong with `name` as a board name, as a sentence, or nil when it is a valid one
    /// (`isBoardName`): every client and the server's pages say it in these words.
    public static func boardNameProblem(_ name: String) -> String? {
        let bytes = name.utf8
        if bytes.isEmpty { return "A board name cannot be empty." }
        if let bad = name.unicodeScalars.first(where: { !$0.isASCII || !isIdentifierByte(UInt8($0.value)) }) {
            let control = bad.value < 0x20 || (0x7F...0x9F).contains(bad.value)
            let shown = bad == " " ? "a space" : control ? "a control character" : "“\(bad)”"
            return "A board name may hold only the letters A to Z and a to z, digits, dots, underscores and hyphens, "
                + "not \(shown)."
        }
        if bytes.count > 64 { return "A board name has at most 64 characters; this one has \(bytes.count)." }
        return nil
    }
}
