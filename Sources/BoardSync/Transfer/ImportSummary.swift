/// What an import brings in: the sections and tiles read from a file, in their order, and every
/// change made to them and everything left out on the way (`notes`).
public struct ImportSummary: Hashable, Sendable {
    /// The format the file was read as.
    public var format: TransferFormat
    /// The sections to add, in order, with their tiles; ids are placeholders (an import names
    /// everything anew).
    public var sections: [Section]
    public var notes: [ImportNote]

    public init(format: TransferFormat, sections: [Section], notes: [ImportNote]) {
        self.format = format
        self.sections = sections
        self.notes = notes
    }

    /// How many tiles it brings in.
    public var tileCount: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// "3 sections and 1,000 tiles".
    public var counted: String {
        "\(ImportNote.count(sections.count, "section", "sections")) and \(ImportNote.count(tileCount, "tile", "tiles"))"
    }

    /// The summary a person reads after an import: what came in, then one line per note.
    public func report(imported: Bool) -> String {
        var lines = ["\(imported ? "Imported" : "Read") \(counted) from a \(format.title) file."]
        if notes.isEmpty {
            lines.append("Nothing was left out or changed.")
        } else {
            for note in notes { lines.append(note.sentence) }
        }
        return lines.joined(separator: "\n")
    }

    /// Why these sections and tiles cannot be added to `board` within `limits`, or nil when they can.
    public func problem(adding board: Board, limits: Limits) -> String? {
        let sectionCount = board.sections.count + sections.count
        if sectionCount > limits.maxSections {
            return "the board would have \(sectionCount) sections; it may have at most \(limits.maxSections)"
        }
        let itemCount = board.itemCount + tileCount
        if itemCount > limits.maxItems {
            return "the board would have \(Self.grouped(itemCount)) tiles; it may have at most "
                + Self.grouped(limits.maxItems)
        }
        return nil
    }

    /// `n` with a comma between groups of three digits: "1,500".
    public static func grouped(_ n: Int) -> String {
        let digits = String(n < 0 ? -n : n)
        var text = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return n < 0 ? "-" + text : text
    }
}

extension TransferFormat {
    /// The format's name in a sentence: "a Trello file".
    public var title: String {
        switch self {
        case .trello: "Trello"
        case .csv: "CSV"
        case .json: "board-sync JSON"
        }
    }
}
