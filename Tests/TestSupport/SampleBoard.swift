import BoardSync

extension Board {
    /// The tests' small board `team` at version 0: section `main` with items a, b, c (labels A, B,
    /// C) and an empty section `done`.
    public static let sample = Board(
        id: "team", version: 0,
        sections: [
            Section(
                id: "main", title: "Main",
                items: [Item(id: "a", label: "A"), Item(id: "b", label: "B"), Item(id: "c", label: "C")]),
            Section(id: "done", title: "Done"),
        ])
}
