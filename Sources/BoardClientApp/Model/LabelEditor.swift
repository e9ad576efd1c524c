import BoardSync
import TerminalUI

/// The inline editor for a new tile's label, a new label or a new section's title: what
/// confirming it makes (the core's `EditTarget`, which the session follows when someone deletes
/// what it is about), and the text field it edits. What a key or a paste puts in is the core's
/// rule (`TextEntry`): what fits within the limit, in whole characters, nothing that the text
/// rules refuse; the field shows the counter near the limit.
public struct LabelEditor: Hashable, Sendable {
    /// What confirming the editor makes.
    public var purpose: EditTarget
    /// The text being edited, its cursor and its limit.
    public var field: TextField
    /// Why the last Enter was refused, or what happened to the field's tile or section, shown
    /// until the next edit.
    public var problem: String?

    /// An editor for `purpose` starting with `text`, the cursor at its end; `limit` is the
    /// board's most Unicode scalars per label or title.
    public init(purpose: EditTarget, text: String = "", limit: Int = Validation.defaultTextLimit) {
        self.purpose = purpose
        field = TextField("", limit: limit, counterFrom: limit - TextEntry.counterMargin)
        field.insert(TextEntry.fitting(text, besides: 0, limit: limit))
    }

    /// The text typed so far.
    public var text: String { field.text }

    /// The prompt shown before the text.
    public var prompt: String {
        switch purpose {
        case .addItem: "New tile: "
        case .renameItem: "Rename: "
        case .addSection: "New section: "
        case .renameSection: "Rename section: "
        }
    }

    /// Adds typed or pasted text at the cursor, as far as the limit allows (line breaks as
    /// spaces, control characters and direction overrides left out); says so when it cut.
    public mutating func insert(_ typed: String) {
        let room = TextCheck(field.text, typing: typed, limit: field.limit ?? Validation.defaultTextLimit)
        field.insert(room.fits)
        problem = room.cut
    }

    /// A key: a character goes in through `insert`, everything else is the field's.
    @discardableResult
    public mutating func handle(_ key: KeyEvent) -> TextField.Outcome {
        if case .character(let character) = key.key, key.modifiers.isDisjoint(with: [.control, .alt]) {
            let before = field.text
            insert(String(character))
            return field.text == before ? .moved : .edited
        }
        let outcome = field.handle(key)
        if outcome == .edited { problem = nil }
        return outcome
    }

    /// The text when it is a valid label (1–`limit` scalars, not only spaces, no control
    /// characters or direction overrides), else the reason it is not.
    public func validated(limit: Int = Validation.defaultTextLimit) -> Result<String, TextError> {
        if let error = Validation.checkText(text, limit: limit) { return .failure(error) }
        return .success(text)
    }
}
