/// A board from Trello's JSON export: its open lists become sections in the order of their
/// `pos`, each list's open cards its tiles in the order of their `pos` (the file's order between
/// equal positions). Archived (`closed`) lists are left out with their cards, archived cards
/// and cards of lists not in the file too, and each is counted in the notes.
enum TrelloImport {
    private struct List {
        var id: String
        var name: String
        var position: Double
        var order: Int
        var cards: [Card] = []
    }

    private struct Card {
        var name: String
        var position: Double
        var order: Int
    }

    static func read(_ object: JSONObject, limit: Int) throws(ImportError) -> ImportSummary {
        guard case .array(let listValues)? = object["lists"] else { throw .badShape("its lists are not an array") }
        guard case .array(let cardValues)? = object["cards"] else { throw .badShape("its cards are not an array") }
        var lists: [List] = []
        var closedLists: Set<String> = []
        for (order, value) in listValues.enumerated() {
            guard case .object(let list) = value, case .string(let id)? = list["id"] else {
                throw .badShape("list \(order + 1) has no id")
            }
            if list["closed"] == .bool(true) {
                closedLists.insert(id)
                continue
            }
            let name: String
            if case .string(let text)? = list["name"] { name = text } else { name = "" }
            lists.append(List(id: id, name: name, position: position(list["pos"], order), order: order))
        }
        var listIndex: [String: Int] = [:]
        for (index, list) in lists.enumerated() { listIndex[list.id] = index }
        var closedCards = 0
        var cardsOfClosedLists = 0
        var cardsWithoutList = 0
        for (order, value) in cardValues.enumerated() {
            guard case .object(let card) = value else { throw .badShape("card \(order + 1) is not an object") }
            guard case .string(let listID)? = card["idList"] else { throw .badShape("card \(order + 1) has no list") }
            if closedLists.contains(listID) {
                cardsOfClosedLists += 1
                continue
            }
            guard let index = listIndex[listID] else {
                cardsWithoutList += 1
                continue
            }
            if card["closed"] == .bool(true) {
                closedCards += 1
                continue
            }
            let name: String
            if case .string(let text)? = card["name"] { name = text } else { name = "" }
            lists[index].cards.append(Card(name: name, position: position(card["pos"], order), order: order))
        }
        lists.sort { ($0.position, $0.order) < ($1.position, $1.order) }
        var collector = ImportCollector(limit: limit)
        for list in lists {
            let section = collector.addSection(title: list.name)
            let cards = list.cards.sorted { ($0.position, $0.order) < ($1.position, $1.order) }
            for card in cards { collector.addTile(card.name, toSection: section) }
        }
        if !closedLists.isEmpty { collector.note(.closedLists(count: closedLists.count, cards: cardsOfClosedLists)) }
        if closedCards > 0 { collector.note(.closedCards(count: closedCards)) }
        if cardsWithoutList > 0 { collector.note(.cardsWithoutList(count: cardsWithoutList)) }
        return collector.summary(.trello)
    }

    /// A `pos` as a number to sort by; a missing or unreadable one sorts by the file's order,
    /// after those that have one.
    private static func position(_ value: JSONValue?, _ order: Int) -> Double {
        switch value {
        case .integer(let n)?: return Double(n)
        case .number(let text)?: return DecimalText.value(text) ?? Double.greatestFiniteMagnitude
        default: return Double.greatestFiniteMagnitude
        }
    }
}
