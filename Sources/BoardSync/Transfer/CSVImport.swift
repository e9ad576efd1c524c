/// A board from CSV: one row per tile, `section,label` or `section,item,label`. The first row is
/// a header when its fields are those names (in any case, in any order, `item` optional, other
/// columns ignored); without one, two columns are `section,label` and three
/// `section,item,label`. The `item` column is ignored: an import names every tile anew.
/// Sections come in the order of their first row and collect every row with their title; a row
/// with an empty label adds no tile but keeps its section, so `Later,` makes an empty section (a
/// label of only spaces is left out and noted).
enum CSVImport {
    static func read(_ text: String, limit: Int) throws(ImportError) -> ImportSummary {
        let records = try CSVReader.records(text)
        guard let first = records.first else { throw .empty }
        var sectionColumn = 0
        var labelColumn = 1
        var rows = records[...]
        let names = first.fields.map { $0.lowercased() }
        if let section = names.firstIndex(of: "section"), let label = names.firstIndex(of: "label") {
            sectionColumn = section
            labelColumn = label
            rows = records.dropFirst()
        } else {
            switch first.fields.count {
            case 2: labelColumn = 1
            case 3: labelColumn = 2
            default:
                throw .badCSV(
                    line: first.line,
                    problem: "\(first.fields.count) fields; a row is section,label or section,item,label "
                        + "(or give a header row naming the section and label columns)")
            }
        }
        let width = first.fields.count
        var collector = ImportCollector(limit: limit)
        var sectionIndex: [String: Int] = [:]
        for row in rows {
            guard row.fields.count == width else {
                throw .badCSV(line: row.line, problem: "\(row.fields.count) fields where the first row has \(width)")
            }
            let title = row.fields[sectionColumn]
            let index: Int
            if let known = sectionIndex[title] {
                index = known
            } else {
                index = collector.addSection(title: title)
                sectionIndex[title] = index
            }
            if row.fields[labelColumn].isEmpty { continue }
            collector.addTile(row.fields[labelColumn], toSection: index)
        }
        return collector.summary(.csv)
    }
}
