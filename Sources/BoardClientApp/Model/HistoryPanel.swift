import BoardSync

/// The recent changes of the open board (`H`), newest first, in words: pages fetched from the
/// history endpoint as the person scrolls back, and the changes this client sees committed while
/// the panel is open added on top.
public struct HistoryPanel: Hashable, Sendable {
    /// One change as the panel lists it: the change and its words.
    public struct Line: Hashable, Sendable {
        public var entry: SequencedOp
        /// The change in words ("bob moved Photos to Done").
        public var text: String

        public init(entry: SequencedOp, text: String) {
            self.entry = entry
            self.text = text
        }

        public var version: Int { entry.version }
    }

    /// Newest first, without gaps between fetched pages.
    public var lines: [Line] = []
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

    public init() {}

    /// The version of the oldest line, the `before` of the next older page.
    public var oldestVersion: Int? { lines.last?.version }

    /// Lists the changes of a page with their `words` (in the page's order), each in its place
    /// by version; a page of the newest changes that does not reach the lines listed so far
    /// (after a long disconnection) replaces them, so the list never has a gap. The chosen line
    /// stays chosen, and the newest stays chosen when it was.
    mutating func merge(_ entries: [SequencedOp], words: [String], newest: Bool) {
        let chosen = selected == 0 ? nil : (lines.indices.contains(selected) ? lines[selected].version : nil)
        if newest, let oldest = entries.map(\.version).min(), let top = lines.first?.version, oldest > top + 1 {
            lines = []
            complete = false
        }
        var byVersion: [Int: Line] = [:]
        for line in lines { byVersion[line.version] = line }
        for (entry, text) in zip(entries, words) where byVersion[entry.version] == nil {
            byVersion[entry.version] = Line(entry: entry, text: text)
        }
        lines = byVersion.values.sorted { $0.version > $1.version }
        selected = chosen.flatMap { version in lines.firstIndex { $0.version == version } } ?? 0
    }

    /// Replaces the words of the lines of `entries` (once the board before them is known).
    mutating func reword(_ entries: [SequencedOp], words: [String]) {
        var byVersion: [Int: String] = [:]
        for (entry, text) in zip(entries, words) { byVersion[entry.version] = text }
        for index in lines.indices {
            if let text = byVersion[lines[index].version] { lines[index].text = text }
        }
    }
}
