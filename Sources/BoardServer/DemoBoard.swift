import BoardSync

/// The board `--demo` creates so that a newcomer has something to drag.
enum DemoBoard {
    static let name = BoardName("demo")!

    static var board: Board {
        let todo = ["Mail", "Maps", "Photos", "Music", "Notes", "Calendar", "Weather"]
        let done = ["Clock", "Camera", "Files", "Podcasts", "Books"]
        return Board(
            id: name, version: 0,
            sections: [
                Section(id: "todo", title: "To do", items: todo.map { Item(id: ItemID($0.lowercased()), label: $0) }),
                Section(id: "done", title: "Done", items: done.map { Item(id: ItemID($0.lowercased()), label: $0) }),
            ])
    }
}
