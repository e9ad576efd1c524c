import BoardSync
import TerminalUI

/// What the cursor is on, in words for the focus line: a tile's whole label (however its tile
/// cut it), its section and its place there; or an empty section. On a board without sections
/// it is the hint that says how to add one.
public struct FocusedStop: Hashable, Sendable {
    /// The tile's label, an empty section's title, or the hint.
    public var label: String
    /// Where it is: "To do · 3 of 7", "empty section · 2 of 3"; empty for the hint.
    public var detail: String

    public init(label: String, detail: String) {
        self.label = label
        self.detail = detail
    }

    /// What the focus line says on a board without sections.
    public static let emptyBoardHint = FocusedStop(
        label: "This board has no sections yet: S adds a section", detail: "")

    /// One row of the focus line: part of the label, and the detail on the row that ends it.
    public struct Row: Hashable, Sendable {
        public var label: String
        public var detail: String
    }

    /// The focus line in at most `maxRows` rows of `columns`: the label wrapped, the detail after
    /// it on its last row, or on a row of its own when it does not fit there. The detail is
    /// always shown; a label too long for the rows left ends in `…`.
    public func rows(columns: Int, maxRows: Int) -> [Row] {
        guard columns > 0, maxRows > 0 else { return [] }
        let separator = " · "
        let detailWidth = detail.isEmpty ? 0 : DisplayWidth.of(separator + detail)
        var lines = TextWrapping.lines(label, columns: columns, maxLines: maxRows)
        if detail.isEmpty { return lines.map { Row(label: $0, detail: "") } }
        if let last = lines.last, DisplayWidth.of(last) + detailWidth <= columns {
            return lines.dropLast().map { Row(label: $0, detail: "") } + [Row(label: last, detail: separator + detail)]
        }
        if lines.count >= maxRows {
            lines = maxRows > 1 ? TextWrapping.lines(label, columns: columns, maxLines: maxRows - 1) : []
        }
        return lines.map { Row(label: $0, detail: "") }
            + [Row(label: "", detail: TextTrimming.trimmed(detail, toColumns: columns))]
    }
}

extension AppModel {
    /// What the focus line says: the cursor's stop, the hint on a board without sections, or
    /// nothing (no board yet, or nothing to focus).
    public var focusedStop: FocusedStop? {
        guard machine.optimistic != nil else { return nil }
        let sections = shownView.sections
        if sections.isEmpty { return .emptyBoardHint }
        guard let cursor else { return nil }
        for (sectionIndex, section) in sections.enumerated() {
            if section.cells.isEmpty, cursor == .emptySection(section.id) {
                return FocusedStop(
                    label: section.title, detail: "empty section · \(sectionIndex + 1) of \(sections.count)")
            }
            guard let index = section.cells.firstIndex(where: { cursor == .tile($0.id) }) else { continue }
            let cell = section.cells[index]
            var detail = "\(section.title) · \(index + 1) of \(section.cells.count)"
            if let holder = cell.holder, !holder.isLocal { detail = "held by \(holder.user) · " + detail }
            return FocusedStop(label: cell.label, detail: detail)
        }
        return nil
    }
}
