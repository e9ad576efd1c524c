/// One thing an import left out or changed, and where: the summary names every one, so that
/// nothing is dropped or altered without a word.
public enum ImportNote: Hashable, Sendable {
    /// Where a tile was in the file: its section's title (as imported) and its place there,
    /// counting from 1 among the tiles of the file's section.
    public struct Place: Hashable, Sendable {
        public var section: String
        public var number: Int

        public init(section: String, number: Int) {
            self.section = section
            self.number = number
        }
    }

    /// A label longer than the limit, cut to it.
    case labelCut(Place, from: Int, to: Int)
    /// A section title longer than the limit, cut to it.
    case titleCut(section: String, from: Int, to: Int)
    /// Line breaks, tabs or other control characters in a label, each run replaced by a space.
    case labelControls(Place)
    /// The same in a section title.
    case titleControls(section: String)
    /// Invisible direction controls taken out of a label.
    case labelDirectionControls(Place)
    /// A tile whose label was empty (or only spaces), left out.
    case emptyLabel(Place)
    /// A section whose title was empty, imported under `title`.
    case untitledSection(number: Int, title: String)
    /// Trello lists marked archived, left out with their cards.
    case closedLists(count: Int, cards: Int)
    /// Trello cards marked archived in open lists, left out.
    case closedCards(count: Int)
    /// Trello cards whose list is not in the file, left out.
    case cardsWithoutList(count: Int)

    /// The note as a sentence.
    public var sentence: String {
        switch self {
        case .labelCut(let place, let from, let to):
            return "Tile \(place.number) of \(place.section): its label of \(from) characters was cut to \(to)."
        case .titleCut(let section, let from, let to):
            return "Section \(section): its title of \(from) characters was cut to \(to)."
        case .labelControls(let place):
            return "Tile \(place.number) of \(place.section): line breaks or tabs in its label became spaces."
        case .titleControls(let section):
            return "Section \(section): line breaks or tabs in its title became spaces."
        case .labelDirectionControls(let place):
            return "Tile \(place.number) of \(place.section): invisible direction controls were taken out of its label."
        case .emptyLabel(let place):
            return "Tile \(place.number) of \(place.section) was left out: its label is empty."
        case .untitledSection(let number, let title):
            return "Section \(number) has no title: it is called \(title)."
        case .closedLists(let count, let cards):
            return "\(Self.count(count, "archived list", "archived lists")) left out, with "
                + "\(Self.count(cards, "card", "cards")) in \(count == 1 ? "it" : "them")."
        case .closedCards(let count):
            return "\(Self.count(count, "archived card", "archived cards")) left out."
        case .cardsWithoutList(let count):
            return "\(Self.count(count, "card", "cards")) whose list is not in the file left out."
        }
    }

    /// "1 card", "3 cards", "1,500 cards".
    static func count(_ n: Int, _ one: String, _ many: String) -> String {
        "\(ImportSummary.grouped(n)) \(n == 1 ? one : many)"
    }
}
