/// Writes a board to keep or move elsewhere (`GET /boards/BOARD/export`, protocol section 11):
/// as JSON, the snapshot with `"format": "board-sync/1"` first; as CSV, a header
/// `section,item,label` and one row per tile in board order (RFC 4180: CRLF line ends, a field
/// quoted when it holds a comma, a quote or a line break, quotes written twice; UTF-8 without a
/// byte order mark). The `section` column holds the section's title, `item` the tile's id. A
/// section without tiles has no row in CSV; the JSON keeps it.
public enum BoardExport {
    public static func json(_ board: Board) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 64 + board.itemCount * 48)
        writer.beginObject()
        writer.key("format")
        writer.string(TransferFormat.exportMark)
        board.writeMembers(to: &writer)
        writer.endObject()
        return writer.bytes
    }

    public static func csv(_ board: Board) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32 + board.itemCount * 48)
        bytes.append(contentsOf: "section,item,label\r\n".utf8)
        for section in board.sections {
            for item in section.items {
                appendField(section.title, to: &bytes)
                bytes.append(UInt8(ascii: ","))
                appendField(item.id.rawValue, to: &bytes)
                bytes.append(UInt8(ascii: ","))
                appendField(item.label, to: &bytes)
                bytes.append(contentsOf: [0x0D, 0x0A])
            }
        }
        return bytes
    }

    /// The board in `format`; a Trello file is read, never written, so it is written as JSON.
    public static func write(_ board: Board, as format: TransferFormat) -> [UInt8] {
        format == .csv ? csv(board) : json(board)
    }

    private static func appendField(_ text: String, to bytes: inout [UInt8]) {
        let needsQuotes = text.utf8.contains {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
        }
        guard needsQuotes else {
            bytes.append(contentsOf: text.utf8)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
