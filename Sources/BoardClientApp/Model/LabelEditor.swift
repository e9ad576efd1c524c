import BoardSync
import TerminalUI

/// The inline editor for a new tile's label, a new label or a new section's title: what
/// confirming it does, and the text field it edits.
public struct LabelEditor: Hashable, Sendable {
    /// What confirming the editor does.
    public enum Purpose: Hashable, Sendable {
        case addItem(at: InsertPlace)
        case renameItem(ItemID)
        /// A new section after the last one.
        case addSection
        case renameSection(SectionID)
    }

    public var purpose: Purpose
    /// The text being edited, its cursor and its limit.
    public var field: TextField
    /// Why the last Enter was refused, shown until the next edit.
    public var problem: String?

    /// An editor for `purpose` starting with `text`, the cursor at its end; `limit` is the
    /// board's most Unicode scalars per label or title.
    public init(purpose: Purpose, text: String = "", limit: Int = Validation.defaultTextLimit) {
        self.purpose = purpose
        field = TextField(text, limit: limit)
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

    /// Adds typed or pasted text at the cursor (line breaks as spaces, control characters left
    /// out).
    public mutating func insert(_ typed: String) {
        problem = nil
        field.insert(typed)
    }

    /// The text when it is a valid label (1–`limit` scalars, no control characters), else the
    /// reason it is not.
    public func validated(limit: Int = Validation.defaultTextLimit) -> Result<String, TextError> {
        if let error = Validation.checkText(text, limit: limit) { return .failure(error) }
        return .success(text)
    }
}
