/// The kinds of file a board is imported from and exported to.
public enum TransferFormat: String, Hashable, Sendable, CaseIterable {
    /// Trello's JSON export of a board: its lists become sections, its open cards tiles.
    case trello
    /// Comma-separated values (RFC 4180): `section,label` or `section,item,label`.
    case csv
    /// The server's own export (`GET /boards/BOARD/export?format=json`): the snapshot with
    /// `"format": "board-sync/1"`.
    case json

    /// The value of the export's `format` field.
    public static let exportMark = "board-sync/1"

    /// The format of `bytes`, judged from their content: a JSON object with `lists` and `cards`
    /// is Trello's, one with `sections` the server's own; text that does not start with `{` or `[`
    /// (after a byte order mark and white space) is CSV. Nil for other JSON.
    public static func detect(_ bytes: [UInt8]) -> TransferFormat? {
        var index = TransferText.bomLength(bytes)
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") else {
            return .csv
        }
        guard case .object(let object)? = try? JSONValue.parse(bytes[index...]) else { return nil }
        if object["lists"] != nil, object["cards"] != nil { return .trello }
        if object["sections"] != nil { return .json }
        return nil
    }
}
