import BoardClientApp
import BoardSync
import TerminalUI

/// Builders for models that already hold a board, as after a welcome.
enum ModelFixtures {
    static let me: ClientID = "me000000000000aa"

    static func board(_ sections: [(id: SectionID, title: String, labels: [String])], version: Int = 1) -> Board {
        Board(
            id: "team", version: version,
            sections: sections.map { section in
                Section(
                    id: section.id, title: section.title,
                    items: section.labels.enumerated().map { index, label in
                        Item(id: "\(section.id)\(index)", label: label)
                    })
            })
    }

    static let sample = board([
        (id: "todo", title: "To do", labels: ["Mail", "Maps", "Notes", "A very long label indeed"]),
        (id: "done", title: "Done", labels: ["Photos"]),
    ])

    static func welcome(
        _ board: Board, peers: [ServerMessage.Peer] = [], drags: [ServerMessage.Drag] = [], role: Role = .editor
    ) -> ServerMessage {
        .welcome(
            .init(
                state: .board(board), you: .init(client: me, user: "ann", role: role), peers: peers, drags: drags,
                lastSeq: 0))
    }

    /// Tiles of one size, 14 columns with one line of label: the geometry the pictures of drags,
    /// animations and editing are drawn in, whatever the labels. `TileSizingTests` draws the
    /// client's own, `TileMetrics.standard`, which sizes tiles to their labels and the screen.
    static let fixedTiles = TileMetrics(width: 14)

    /// A model connected to `board` at time 0, with every animation finished by time 10.
    static func model(
        _ board: Board = sample, width: Int = 60, height: Int = 16, peers: [ServerMessage.Peer] = [],
        drags: [ServerMessage.Drag] = [], role: Role = .editor, metrics: TileMetrics = fixedTiles
    ) -> AppModel {
        var model = AppModel(
            clientID: me, user: "ann", boardName: "team", size: TerminalSize(width: width, height: height), seed: 7,
            metrics: metrics)
        _ = model.update(.connectionOpened, now: 0)
        _ = model.update(.server(welcome(board, peers: peers, drags: drags, role: role)), now: 0)
        return model
    }

    /// Bob's op committed at `version`, as the server sends it.
    static func bobs(_ version: Int, _ op: Op) -> ServerMessage {
        .op(.init(version: version, client: "bob0000000000000", user: "bob", seq: 0, op: op))
    }

    static func key(_ key: Key, _ modifiers: KeyModifiers = []) -> AppMessage {
        .input(.key(key, modifiers: modifiers))
    }

    static func char(_ character: Character) -> AppMessage {
        .input(.character(character))
    }

    static func picture(_ model: AppModel, time: Double = 10) -> [String] {
        AppView.render(model, time: time).textLines(trimmingTrailingSpaces: true)
    }

    /// The foreground colours of `rows` of the screen at `time`, one letter a cell: `.` for the
    /// terminal's default, else the colour's initial (`m` magenta, `c` cyan, `y` yellow, `w` white,
    /// `g` green, `b` blue, `r` red); trailing default cells left out.
    static func colours(_ model: AppModel, time: Double, rows: ClosedRange<Int>) -> [String] {
        let letters: [Color: Character] = [
            .magenta: "m", .cyan: "c", .yellow: "y", .white: "w", .green: "g", .blue: "b", .red: "r",
        ]
        return styles(model, time: time, rows: rows) { letters[$0.style.foreground] ?? "." }
    }

    /// `rows` of the screen at `time` with `R` where text is in reverse video and `d` where it is
    /// dim, `.` elsewhere; trailing dots left out.
    static func attributes(_ model: AppModel, time: Double, rows: ClosedRange<Int>) -> [String] {
        styles(model, time: time, rows: rows) { cell in
            if cell.style.attributes.contains(.reverse) { return "R" }
            if cell.style.attributes.contains(.dim) { return "d" }
            return "."
        }
    }

    static func styles(
        _ model: AppModel, time: Double, rows: ClosedRange<Int>, code: (Cell) -> Character
    ) -> [String] {
        let buffer = AppView.render(model, time: time)
        return rows.map { y in
            var line = String((0..<buffer.width).map { x in buffer.cell(x: x, y: y).map(code) ?? "." })
            while line.last == "." { line.removeLast() }
            return line
        }
    }

    static func sent(_ commands: [AppCommand]) -> [ClientMessage] {
        commands.compactMap { if case .send(let message) = $0 { message } else { nil } }
    }
}
