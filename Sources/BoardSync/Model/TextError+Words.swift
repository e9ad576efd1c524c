extension TextError {
    /// What is wrong with a label, title or name, as the rest of a sentence about it ("the label
    /// cannot be empty or only spaces"): both clients show it where the text is typed.
    public var words: String {
        switch self {
        case .empty: "cannot be empty or only spaces"
        case .tooLong(let limit): "at most \(limit) characters"
        case .controlCharacter: "no control characters or direction overrides"
        case .invalidIdentifier: "not a valid identifier"
        }
    }

    /// The same as a sentence, for a field that says it under the text.
    public var sentence: String {
        switch self {
        case .empty: "The text cannot be empty or only spaces."
        case .tooLong(let limit): "The text can have at most \(limit) characters."
        case .controlCharacter: "The text cannot hold control characters or direction overrides."
        case .invalidIdentifier: "The text is not a valid identifier."
        }
    }
}
