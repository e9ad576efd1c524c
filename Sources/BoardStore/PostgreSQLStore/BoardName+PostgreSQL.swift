import BoardSync

/// A board name is sent as its text.
extension BoardName: PostgresBindable {
    public var postgresText: String? { rawValue }
}

extension PostgresRow {
    /// The board name in `column`; text that is not one is `invalidValue`.
    func boardName(_ column: Int) throws(PostgresError) -> BoardName {
        let text = try string(column)
        guard let name = BoardName(text) else {
            throw .invalidValue("column \(column) holds “\(text)”, not a board name")
        }
        return name
    }
}
