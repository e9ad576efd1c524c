/// Item indices gathered per section index, for a view of a known number of sections: what a
/// batch removes from each old section or places into each new one. An array of lists rather
/// than a dictionary: section indices are small and dense, and it keeps the page's WebAssembly
/// module free of a dictionary type of its own. An index outside the sections is left out,
/// since nothing asks for it.
struct IndicesBySection {
    private var lists: [[Int]]

    /// Empty lists for sections `0..<count`.
    init(count: Int) {
        lists = Array(repeating: [], count: max(count, 0))
    }

    /// Adds `index` to the list of `section`.
    mutating func append(_ index: Int, to section: Int) {
        guard lists.indices.contains(section) else { return }
        lists[section].append(index)
    }

    /// The indices gathered for `section`, in the order they were added.
    subscript(section: Int) -> [Int] {
        lists.indices.contains(section) ? lists[section] : []
    }
}
