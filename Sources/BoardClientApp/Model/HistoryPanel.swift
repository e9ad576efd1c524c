import BoardSync

/// The recent changes of the open board (`H`), newest first, in words: pages fetched from the
/// history endpoint as the person scrolls back, and the changes this client sees committed while
/// the panel is open added on top. A group is one change, as the page and `board-client history`
/// list it: one line for all its members, opened and restored as a whole.
public struct HistoryPanel: Hashable, Sendable {
    /// One change as the panel lists it: the change and its words.
    public struct Line: Hashable, Sendable {
        /// The change's op, or its group's newest member known.
        public var entry: SequencedOp
        /// The version of the change's first op known (below `version` for a group).
        public var firstVersion: Int
        /// The change in words ("bob moved Photos to Done").
        public var text: String

        public init(entry: SequencedOp, firstVersion: Int? = nil, text: String) {
            self.entry = entry
            self.firstVersion = firstVersion ?? entry.version
            self.text = text
        }

        /// The board after the change.
        public var version: Int { entry.version }

        /// "v7", or "v5–7" for a group.
        public var versions: String { firstVersion == version ? "v\(version)" : "v\(firstVersion)–\(version)" }
    }

    /// Newest first, without gaps between fetched pages.
    public private(set) var lines: [Line] = []
    /// The chosen line's index.
    public var selected = 0
    /// The first line shown.
    public var scroll = 0
    /// A page is on its way.
    public var loading = true
    /// Every retained change is listed: there is nothing older to fetch.
    public var complete = false
    /// Why the last page could not be read.
    public var problem: String?
    /// The version whose board was asked for with Enter and has not come yet.
    public var opening: Int?
    /// Pages whose words wait for the board just before their oldest change, by that board's version.
    var awaitingWords: [Int: [SequencedOp]] = [:]
    /// Every op listed, with its own words, by version.
    private var ops: [Int: Line] = [:]
    /// The words of each group listed.
    private var groupWords: [GroupSpan: String] = [:]

    public init() {}

    /// The version of the oldest line, the `before` of the next older page.
    public var oldestVersion: Int? { lines.last?.firstVersion }

    /// Lists the `changes` of a page (each op alone, or a group's members given, with their
    /// words), each in its place by version; a page of the newest changes that does not reach
    /// the lines listed so far (after a long disconnection) replaces them, so the list never has
    /// a gap. The chosen line stays chosen, and the newest stays chosen when it was.
    mutating func merge(_ changes: [HistoryChange], newest: Bool) {
        let chosen = selected == 0 ? nil : (lines.indices.contains(selected) ? lines[selected].version : nil)
        let versions = changes.flatMap { $0.entries.map(\.version) }
        if newest, let oldest = versions.min(), let top = lines.first?.version, oldest > top + 1 {
            ops = [:]
            groupWords = [:]
            complete = false
        }
        take(changes, replacingWords: false)
        selected =
            chosen.flatMap { version in lines.firstIndex { $0.firstVersion <= version && version <= $0.version } } ?? 0
    }

    /// Replaces the words of the `changes` listed (once the board before them is known).
    mutating func reword(_ changes: [HistoryChange]) {
        take(changes, replacingWords: true)
    }

    /// `entries` with the members listed already of the groups they are members of, so that a
    /// group cut between two pages is described whole.
    func withListedMembers(_ entries: [SequencedOp]) -> [SequencedOp] {
        let groups = Set(entries.compactMap(\.group))
        guard !groups.isEmpty else { return entries }
        let given = Set(entries.map(\.version))
        let listed = ops.values.map(\.entry).filter { entry in
            entry.group.map(groups.contains) == true && !given.contains(entry.version)
        }
        return (entries + listed).sorted { $0.version > $1.version }
    }

    private mutating func take(_ changes: [HistoryChange], replacingWords: Bool) {
        for change in changes {
            if change.isGroup, let group = change.entries.first?.group {
                // Words made from the group's first member on are the group's whole; others
                // only stand in until those come.
                let whole = change.entries.map(\.version).min() == group.first
                if groupWords[group] == nil || (replacingWords && whole) { groupWords[group] = change.words }
                for (entry, words) in zip(change.entries, change.memberWords)
                where replacingWords || ops[entry.version] == nil {
                    ops[entry.version] = Line(entry: entry, text: words)
                }
            } else if let entry = change.entries.first, replacingWords || ops[entry.version] == nil {
                ops[entry.version] = Line(entry: entry, text: change.words)
            }
        }
        lines = []
        for op in ops.values.sorted(by: { $0.version > $1.version }) {
            if let group = op.entry.group, let last = lines.last, last.entry.group == group {
                lines[lines.count - 1].firstVersion = op.version
                continue
            }
            lines.append(Line(entry: op.entry, text: op.entry.group.flatMap { groupWords[$0] } ?? op.text))
        }
    }
}
