import BoardSync
import BoardSyncBrowser

/// Reads the bridge's view and batch JSON back into the core's values, so that tests can replay
/// a batch exactly as the page receives it.
enum ViewJSON {
    struct Malformed: Error {}

    static func view(_ value: JSONValue) throws -> BoardView {
        var sections: [ViewSection] = []
        for section in try array(value, "sections") {
            var cells: [ViewCell] = []
            for cell in try array(section, "cells") { cells.append(try viewCell(cell)) }
            sections.append(
                ViewSection(id: try SectionID(string(section, "id")), title: try string(section, "title"), cells: cells)
            )
        }
        return BoardView(sections: sections)
    }

    /// `{"order": [...], "sections": [...]}` as a `ViewChanges`.
    static func changes(_ value: JSONValue) throws -> ViewChanges {
        let order = try array(value, "order").map { id in
            guard case .string(let text) = id else { throw Malformed() }
            return SectionID(text)
        }
        let sections = try array(value, "sections").map { section in
            var cells: [ViewCell] = []
            for cell in try array(section, "cells") { cells.append(try viewCell(cell)) }
            return CellSplice(
                id: try SectionID(string(section, "id")), title: try string(section, "title"),
                at: try integer(try member(section, "at")), removing: try integer(try member(section, "remove")),
                cells: cells)
        }
        return ViewChanges(order: order, sections: sections)
    }

    private static func viewCell(_ value: JSONValue) throws -> ViewCell {
        var cell = ViewCell(id: try ItemID(string(value, "id")), label: try string(value, "label"))
        if let holder = try object(value)["holder"] {
            guard case .bool(let isLocal)? = try object(holder)["local"] else { throw Malformed() }
            cell.holder = DragHolder(
                client: try ClientID(string(holder, "client")), user: try string(holder, "user"), isLocal: isLocal)
        }
        return cell
    }

    static func batch(_ value: JSONValue) throws -> UpdateBatch {
        func indices(_ key: String) throws -> [Int] { try array(value, key).map { try integer($0) } }
        func paths(_ key: String) throws -> [CellPath] { try array(value, key).map { try path($0) } }
        return UpdateBatch(
            sectionDeletes: try indices("sectionDeletes"), sectionInserts: try indices("sectionInserts"),
            sectionMoves: try array(value, "sectionMoves").map { move in
                IndexMove(from: try integer(try member(move, "from")), to: try integer(try member(move, "to")))
            },
            sectionReloads: try indices("sectionReloads"), movedSectionReloads: try indices("movedSectionReloads"),
            itemDeletes: try paths("itemDeletes"), itemInserts: try paths("itemInserts"),
            itemMoves: try array(value, "itemMoves").map { move in
                CellMove(from: try path(try member(move, "from")), to: try path(try member(move, "to")))
            },
            itemReloads: try paths("itemReloads"), movedItemReloads: try paths("movedItemReloads"))
    }

    private static func path(_ value: JSONValue) throws -> CellPath {
        CellPath(section: try integer(try member(value, "section")), item: try integer(try member(value, "item")))
    }

    private static func object(_ value: JSONValue) throws -> JSONObject {
        guard case .object(let object) = value else { throw Malformed() }
        return object
    }

    private static func member(_ value: JSONValue, _ key: String) throws -> JSONValue {
        guard let member = try object(value)[key] else { throw Malformed() }
        return member
    }

    private static func array(_ value: JSONValue, _ key: String) throws -> [JSONValue] {
        guard case .array(let elements) = try member(value, key) else { throw Malformed() }
        return elements
    }

    private static func string(_ value: JSONValue, _ key: String) throws -> String {
        guard case .string(let text) = try member(value, key) else { throw Malformed() }
        return text
    }

    private static func integer(_ value: JSONValue) throws -> Int {
        guard case .integer(let number) = value else { throw Malformed() }
        return Int(number)
    }
}
