import Foundation
import Testing

@testable import BoardSync

/// Golden fixtures: compact canonical JSON files under `Fixtures/`, and the Swift values they hold.
enum WireFixture {
    /// The bytes of `Fixtures/<name>.json`, e.g. `server/ack-noop`.
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = try #require(
            Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: "json"), "missing fixture \(name)")
        return [UInt8](try Data(contentsOf: url))
    }

    static let client: ClientID = "c0ffee00deadbeef"

    static func position(_ section: SectionID, _ index: Int) -> Position {
        Position(section: section, index: index)
    }

    static let ops: [String: Op] = [
        "insert": .insert(item: Item(id: "a1", label: "Mail"), to: position("todo", 0)),
        "move": .move(item: "a1", from: position("todo", 0), to: position("done", 2)),
        "delete": .delete(item: "b2", from: position("todo", 1)),
        "update": .update(item: "a1", label: "Post \"office\" \\ ü 🎉"),
        "insertSection": .insertSection(section: SectionHeader(id: "done", title: "Done"), index: 1),
        "moveSection": .moveSection(section: "done", from: 1, index: 0),
        "renameSection": .renameSection(section: "todo", title: "To do\tnow"),
        "deleteSection": .deleteSection(section: "done", from: 0),
    ]

    static func op(_ kind: String) -> Op { ops[kind]! }

    static let board = Board(
        id: "team", version: 42,
        sections: [
            Section(id: "todo", title: "To do", items: [Item(id: "a1", label: "Mail"), Item(id: "b2", label: "Maps")]),
            Section(id: "done", title: "Done"),
        ])

    static let boards: [String: Board] = [
        "board": board,
        "board-empty": Board(id: "empty", version: 0, sections: []),
        "board-text": Board(
            id: "x", version: 3,
            sections: [
                Section(
                    id: "s:1", title: "Ünïcödé 日本 🎉",
                    items: [
                        Item(
                            id: "i.1",
                            label: "quote \" backslash \\ slash / nul \u{0} bell \u{7} nl \n del \u{7F}")
                    ])
            ]),
    ]

    static let clientMessages: [String: ClientMessage] = [
        "hello": .hello(.init(client: client, user: "Ada")),
        "hello-since": .hello(.init(client: client, user: "Ada Lovelace", since: 42)),
        "submit-insert": .submit(.init(seq: 1, base: 0, op: op("insert"))),
        "submit-move": .submit(.init(seq: 7, base: 41, op: op("move"))),
        "submit-group": .submit(.init(seq: 8, base: 41, ops: [op("move"), op("delete")])),
        "submit-deleteSection": .submit(
            .init(seq: 9_007_199_254_740_991, base: 9_007_199_254_740_991, op: op("deleteSection"))),
        "drag-begin": .drag(.begin(item: "a1")),
        "drag-over": .drag(.over(item: "a1", base: 41, from: position("todo", 0), to: position("done", 1))),
        "drag-cancel": .drag(.cancel(item: "a1")),
        "drag-begin-block": .drag(.beginBlock(items: ["a1", "b2"])),
        "drag-over-block": .drag(.overBlock(items: ["a1", "b2"], base: 41, to: position("done", 1))),
    ]

    static let opMessage = SequencedOp(version: 43, client: "f00d", user: "Bo", seq: 0, op: op("update"))
    static let you = ServerMessage.You(client: client, user: "Ada", role: .editor)
    static let dragOver = ServerMessage.Drag(
        action: .over, client: "f00d", user: "Bo", item: "b2", from: position("todo", 1), to: position("done", 0),
        version: 42)
    static let dragBegin = ServerMessage.Drag(
        action: .begin, client: "beef", user: "Cy", item: "a1", from: position("todo", 0), version: 42)

    static func cancel(version: Int, reason: DragEndReason?, from: Position? = position("todo", 1)) -> ServerMessage {
        .drag(
            .init(action: .cancel, client: "f00d", user: "Bo", item: "b2", from: from, version: version, reason: reason)
        )
    }

    static let serverMessages: [String: ServerMessage] = [
        "welcome-board": .welcome(
            .init(
                state: .board(board), you: you,
                peers: [.init(client: "f00d", user: "Bo"), .init(client: "beef", user: "Cy")],
                drags: [dragOver, dragBegin], lastSeq: 6)),
        "welcome-empty": .welcome(
            .init(
                state: .board(.initial(id: "fresh")), you: .init(client: client, user: "Ada", role: .viewer))),
        "welcome-ops": .welcome(
            .init(
                state: .ops([
                    .init(version: 41, client: client, user: "Ada", seq: 0, op: op("insertSection")), opMessage,
                ]),
                you: you, peers: [.init(client: "f00d", user: "Bo")], drags: [dragOver], lastSeq: 7)),
        "op": .op(opMessage),
        "ack": .ack(.init(seq: 7, version: 42, op: op("move"))),
        "ack-noop": .ack(.init(seq: 8, version: 42, op: nil)),
        "ack-duplicate": .ack(.init(seq: 7, version: 42, op: op("move"), duplicate: true)),
        "ack-duplicate-noop": .ack(.init(seq: 3, version: 50, op: nil, duplicate: true)),
        "ack-group": .ack(.init(seq: 8, version: 43, ops: [op("move"), op("delete")])),
        "ack-group-noop": .ack(.init(seq: 8, version: 41, ops: [])),
        "drag-begin": .drag(dragBegin),
        "drag-over": .drag(dragOver),
        "drag-over-block": .drag(
            .init(
                action: .over, client: "f00d", user: "Bo", item: "a1", to: position("done", 1), version: 42,
                items: ["a1", "b2"])),
        "drag-cancel": cancel(version: 42, reason: nil),
        "drag-cancel-left": cancel(version: 42, reason: .left),
        "drag-cancel-timeout": cancel(version: 43, reason: .timeout),
        "drag-cancel-deleted": cancel(version: 44, reason: .deleted, from: nil),
        "presence-join": .presence(.init(action: .join, client: "beef", user: "Cy")),
        "presence-leave": .presence(.init(action: .leave, client: "beef", user: "Cy")),
        "error": .error(.init(code: .badMessage, message: "missing field \"type\"")),
        "error-seq": .error(.init(code: .stale, message: "base is above the version", seq: 12)),
        "error-item": .error(.init(code: .locked, message: "held by Bo", item: "b2")),
        "error-seq-item": .error(.init(code: .badOp, message: "from does not match", seq: 4, item: "a1")),
        "error-group": .error(.init(code: .badOp, message: "from does not match", seq: 8, index: 1)),
        "error-limit": .error(.init(code: .limit, message: "limit")),
        "error-in_flight": .error(.init(code: .inFlight, message: "in_flight")),
        "error-forbidden": .error(.init(code: .forbidden, message: "forbidden")),
        "error-unavailable": .error(
            .init(code: .unavailable, message: "the database cannot be reached", seq: 7)),
    ]
}
