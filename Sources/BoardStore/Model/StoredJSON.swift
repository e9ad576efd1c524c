import BoardSync

/// The one translation between model values and the text a database column holds: ops and
/// board snapshots are stored as the JSON the wire codec writes, ids' kinds by their raw names,
/// board names as their text.
/// Every store that keeps text uses it, so the stored form is the same everywhere.
enum StoredJSON {
    /// Why stored text is not a model value.
    struct Undecodable: Error, CustomStringConvertible {
        let description: String
    }

    static func text(of op: Op) -> String {
        String(decoding: WireCodec.encodeOp(op), as: UTF8.self)
    }

    static func op(from text: String) throws(Undecodable) -> Op {
        do {
            return try WireCodec.decodeOp(Array(text.utf8))
        } catch {
            throw Undecodable(description: "op JSON: \(error)")
        }
    }

    static func text(of board: Board) -> String {
        String(decoding: WireCodec.encodeBoard(board), as: UTF8.self)
    }

    /// The snapshot stored as `text` for `version` (the column's version wins over the JSON's).
    static func board(from text: String, version: Int) throws(Undecodable) -> Board {
        do {
            var board = try WireCodec.decodeBoard(Array(text.utf8))
            board.version = version
            return board
        } catch {
            throw Undecodable(description: "snapshot JSON: \(error)")
        }
    }

    /// The board name a row holds.
    static func boardName(from text: String) throws(Undecodable) -> BoardName {
        guard let name = BoardName(text) else { throw Undecodable(description: "“\(text)” is not a board name") }
        return name
    }

    static func kind(from text: String) throws(Undecodable) -> IDKind {
        guard let kind = IDKind(rawValue: text) else { throw Undecodable(description: "unknown id kind \(text)") }
        return kind
    }
}
