import BoardSync
import Foundation

/// Files to import, written by the tests themselves: a board shaped like Trello's JSON export and
/// CSV text, from lists of sections and labels.
public enum TransferFixtures {
    /// One list of a Trello-shaped file: its name, whether it is archived, and its cards (label,
    /// archived).
    public struct TrelloList {
        public var name: String
        public var closed: Bool
        public var cards: [(name: String, closed: Bool)]

        public init(_ name: String, closed: Bool = false, cards: [(name: String, closed: Bool)]) {
            self.name = name
            self.closed = closed
            self.cards = cards
        }
    }

    /// A Trello-shaped export of `lists`. The lists and cards are written in the reverse of their
    /// order and placed by `pos` (some as fractions, as Trello writes them after a drag), so a
    /// reader that keeps the file's order instead of `pos` gets them wrong.
    public static func trello(_ lists: [TrelloList], boardName: String = "Imported") -> [UInt8] {
        var listValues: [JSONValue] = []
        var cardValues: [JSONValue] = []
        for (l, list) in lists.enumerated() {
            let listID = "list\(l)"
            listValues.append(
                .object(
                    JSONObject([
                        .init(key: "id", value: .string(listID)), .init(key: "name", value: .string(list.name)),
                        .init(key: "closed", value: .bool(list.closed)),
                        .init(key: "pos", value: position(l)),
                    ])))
            for (c, card) in list.cards.enumerated() {
                cardValues.append(
                    .object(
                        JSONObject([
                            .init(key: "id", value: .string("card\(l)-\(c)")),
                            .init(key: "name", value: .string(card.name)),
                            .init(key: "closed", value: .bool(card.closed)),
                            .init(key: "idList", value: .string(listID)),
                            .init(key: "pos", value: position(c)),
                        ])))
            }
        }
        let file: JSONValue = .object(
            JSONObject([
                .init(key: "id", value: "5f0c"), .init(key: "name", value: .string(boardName)),
                .init(key: "lists", value: .array(listValues.reversed())),
                .init(key: "cards", value: .array(cardValues.reversed())),
            ]))
        return file.encoded
    }

    /// Trello's positions: multiples of 16384, every third one a fraction.
    private static func position(_ index: Int) -> JSONValue {
        index % 3 == 2 ? .number("\(16384 * (index + 1)).5") : .integer(Int64(16384 * (index + 1)))
    }

    /// CSV text of `rows` (RFC 4180: every field quoted, quotes doubled, CRLF), with `header` as
    /// its first row when given.
    public static func csv(_ rows: [[String]], header: [String]? = nil) -> String {
        var lines: [String] = []
        for row in (header.map { [$0] } ?? []) + rows {
            lines.append(
                row.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
