/// Reads a file to import into a board: Trello's JSON export, CSV, or the server's own export,
/// told apart by their content unless the format is given. Pure: the bytes in, the sections and
/// tiles with every change and omission noted out (`ImportSummary`), or why nothing can be
/// imported (`ImportError`).
public enum BoardImport {
    /// The sections and tiles of `bytes`; labels and titles longer than `limit` scalars are cut.
    public static func read(
        _ bytes: [UInt8], format: TransferFormat? = nil, limit: Int = Validation.defaultTextLimit
    ) throws(ImportError) -> ImportSummary {
        guard let text = TransferText.decode(bytes) else { throw .notUTF8 }
        if text.unicodeScalars.allSatisfy({ [" ", "\t", "\n", "\r"].contains($0) }) { throw .empty }
        guard let format = format ?? TransferFormat.detect(bytes) else { throw .unknownJSON }
        if format == .csv { return try CSVImport.read(text, limit: limit) }
        let value: JSONValue
        do {
            value = try JSONValue.parse(Array(text.utf8), maxDepth: 64)
        } catch {
            throw .badJSON(error.description)
        }
        guard case .object(let object) = value else { throw .badShape("the JSON is not an object") }
        switch format {
        case .trello: return try TrelloImport.read(object, limit: limit)
        case .json, .csv: return try BoardJSONImport.read(object, limit: limit)
        }
    }
}
