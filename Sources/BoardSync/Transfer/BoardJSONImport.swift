/// A board from the server's own export (or a snapshot, section 3): its sections and tiles in
/// their order. Ids, version and name are not kept (an import names everything anew); titles and
/// labels go through the same rules as any imported text.
enum BoardJSONImport {
    static func read(_ object: JSONObject, limit: Int) throws(ImportError) -> ImportSummary {
        if let format = object["format"], format != .string(TransferFormat.exportMark) {
            throw .badShape("its format is not \(TransferFormat.exportMark)")
        }
        guard case .array(let sectionValues)? = object["sections"] else {
            throw .badShape("its sections are not an array")
        }
        var collector = ImportCollector(limit: limit)
        for (number, value) in sectionValues.enumerated() {
            guard case .object(let section) = value, case .string(let title)? = section["title"] else {
                throw .badShape("section \(number + 1) has no title")
            }
            let index = collector.addSection(title: title)
            guard case .array(let items)? = section["items"] else {
                throw .badShape("section \(number + 1) has no list of items")
            }
            for (place, item) in items.enumerated() {
                guard case .object(let fields) = item, case .string(let label)? = fields["label"] else {
                    throw .badShape("item \(place + 1) of section \(number + 1) has no label")
                }
                collector.addTile(label, toSection: index)
            }
        }
        return collector.summary(.json)
    }
}
