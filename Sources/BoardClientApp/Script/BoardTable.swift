import BoardSync
import TerminalUI

/// The boards of a server as a table of aligned columns, as `boards` prints it and the picker
/// shows it: NAME, then VERSION, SECTIONS and TILES aligned on the right.
///
///     NAME  VERSION  SECTIONS  TILES
///     demo       v7         2     12
///     team     v120         3     40
public struct BoardTable: Hashable, Sendable {
    public let nameWidth: Int
    public let versionWidth: Int
    public let sectionsWidth: Int
    public let tilesWidth: Int

    /// Columns wide enough for `boards` and their headings; names take at least
    /// `minimumNameWidth` columns and at most `maximumNameWidth` (longer ones are cut with `…`).
    public init(_ boards: [BoardSummary], minimumNameWidth: Int = 4, maximumNameWidth: Int = 64) {
        nameWidth = min(
            maximumNameWidth, max(minimumNameWidth, 4, boards.map { DisplayWidth.of($0.id.rawValue) }.max() ?? 0))
        versionWidth = max(7, boards.map { "v\($0.version)".count }.max() ?? 0)
        sectionsWidth = max(8, boards.map { "\($0.sections)".count }.max() ?? 0)
        tilesWidth = max(5, boards.map { "\($0.items)".count }.max() ?? 0)
    }

    /// The headings' line.
    public var header: String {
        Self.left("NAME", nameWidth) + "  " + Self.right("VERSION", versionWidth) + "  "
            + Self.right("SECTIONS", sectionsWidth) + "  " + Self.right("TILES", tilesWidth)
    }

    /// The line of `board`.
    public func row(_ board: BoardSummary) -> String {
        Self.left(board.id.rawValue, nameWidth) + "  " + Self.right("v\(board.version)", versionWidth) + "  "
            + Self.right("\(board.sections)", sectionsWidth) + "  " + Self.right("\(board.items)", tilesWidth)
    }

    /// The heading and one line per board.
    public static func text(_ boards: [BoardSummary]) -> String {
        let table = BoardTable(boards)
        return ([table.header] + boards.map(table.row)).joined(separator: "\n")
    }

    private static func left(_ text: String, _ width: Int) -> String {
        let trimmed = TextTrimming.trimmed(text, toColumns: width)
        return trimmed + String(repeating: " ", count: max(0, width - DisplayWidth.of(trimmed)))
    }

    private static func right(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - DisplayWidth.of(text))) + text
    }
}
