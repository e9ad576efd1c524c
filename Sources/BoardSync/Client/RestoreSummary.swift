/// What a restore changes, counted the way the person asked to confirm it reads it: "3 tiles
/// move, 2 come back, 1 goes".
public struct RestoreSummary: Hashable, Sendable {
    public var tilesMoved = 0
    public var tilesBack = 0
    public var tilesGone = 0
    public var sectionsMoved = 0
    public var sectionsBack = 0
    public var sectionsGone = 0
    /// Labels and titles put back as they were.
    public var textsChanged = 0

    public init() {}

    /// The summary of `ops` made on `state` (each op checked before).
    public init(of ops: [Op], on state: BoardState) {
        var state = state
        for op in ops {
            switch op {
            case .insert: tilesBack += 1
            case .move: tilesMoved += 1
            case .delete: tilesGone += 1
            case .update, .renameSection: textsChanged += 1
            case .insertSection: sectionsBack += 1
            case .moveSection: sectionsMoved += 1
            case .deleteSection(_, let from):
                sectionsGone += 1
                tilesGone += state.board.sections[from].items.count
            }
            state.commit(op)
        }
    }

    /// Whether the restore changes nothing.
    public var isEmpty: Bool { self == RestoreSummary() }

    /// "3 tiles move, 2 come back, 1 goes; 1 section comes back; 2 labels change."
    @inline(never)
    public var sentence: String {
        if isEmpty { return "The board is already as it was then." }
        var parts: [String] = []
        let tiles = Self.clause(tilesMoved, tilesBack, tilesGone, one: "tile", many: "tiles")
        if !tiles.isEmpty { parts.append(tiles) }
        let sections = Self.clause(sectionsMoved, sectionsBack, sectionsGone, one: "section", many: "sections")
        if !sections.isEmpty { parts.append(sections) }
        if textsChanged > 0 {
            parts.append(
                textsChanged == 1 ? "1 label or title changes back" : "\(textsChanged) labels or titles change back")
        }
        var sentence = ""
        for (i, part) in parts.enumerated() {
            if i > 0 { sentence += "; " }
            sentence += part
        }
        return sentence + "."
    }

    /// "3 tiles move, 2 come back, 1 goes": the noun once, with the first number.
    private static func clause(_ moved: Int, _ back: Int, _ gone: Int, one: String, many: String) -> String {
        var text = ""
        func add(_ n: Int, _ single: String, _ plural: String) {
            guard n > 0 else { return }
            if text.isEmpty {
                text = "\(n) \(n == 1 ? one : many) "
            } else {
                text += ", \(n) "
            }
            text += n == 1 ? single : plural
        }
        add(moved, "moves", "move")
        add(back, "comes back", "come back")
        add(gone, "goes", "go")
        return text
    }
}
