import BoardSync

/// The inline editor for a new tile's label, a new label or a new section's title.
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
    public var text: String
    /// Why the last Enter was refused, shown until the next key.
    public var problem: String?

    public init(purpose: Purpose, text: String = "") {
        self.purpose = purpose
        self.text = text
    }

    /// The prompt shown before the text.
    public var prompt: String {
        switch purpose {
        case .addItem: "New tile: "
        case .renameItem: "Rename: "
        case .addSection: "New section: "
        case .renameSection: "Rename section: "
        }
    }

    /// Adds typed or pasted text, leaving out control characters.
    public mutating func insert(_ typed: String) {
        problem = nil
        text.unicodeScalars.append(
            contentsOf: typed.unicodeScalars.filter { !($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) })
    }

    /// Removes the last character.
    public mutating func deleteBackward() {
        problem = nil
        if !text.isEmpty { text.removeLast() }
    }

    /// The text when it is a valid label (1–`limit` scalars, no control characters), else the
    /// reason it is not.
    public func validated(limit: Int = Validation.defaultTextLimit) -> Result<String, TextError> {
        if let error = Validation.checkText(text, limit: limit) { return .failure(error) }
        return .success(text)
    }
}
