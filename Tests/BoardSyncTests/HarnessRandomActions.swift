import TestSupport

@testable import BoardSync

/// Random people and a random network for the harness, from a seeded generator.
struct HarnessDriver {
    var harness: Harness
    var random: SeededGenerator
    /// How likely a step drops a connection.
    var disconnectRate = 0.02
    /// Every id handed out so far, so that new ones are unique.
    private var idCounter = 0
    /// Whether steps are written to `trace` (off for speed; a failing seed is run again with it).
    var tracing = false
    /// A short trace of the latest steps, for failure messages.
    private(set) var trace: [String] = []
    /// Boards the server had committed, for restores.
    private var pastBoards: [Board] = []

    init(harness: Harness, seed: UInt64) {
        self.harness = harness
        random = SeededGenerator(seed: seed)
    }

    mutating func freshID(_ prefix: String) -> String {
        idCounter += 1
        return "\(prefix)\(idCounter)"
    }

    private mutating func note(_ line: @autoclosure () -> String) {
        guard tracing else { return }
        trace.append(line())
        harness.eventLog = harness.eventLog ?? []
        harness.eventLog?.append("## " + trace[trace.count - 1])
        if trace.count > 400 { trace.removeFirst() }
    }

    private mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &random) < probability
    }

    /// One random step: a person acts, a message moves, the server commits, time passes or a
    /// connection drops or comes back.
    mutating func step() {
        let index = Int.random(in: harness.clients.indices, using: &random)
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<35:
            act(index)
        case 35..<55:
            note("server reads c\(index)")
            harness.deliverToServer(index)
        case 55..<67:
            note("server commits")
            harness.commitServer()
            pastBoards.append(harness.sequencer.snapshot)
            if pastBoards.count > 8 { pastBoards.removeFirst() }
        case 67..<92:
            note("c\(index) reads")
            harness.deliverToClient(index)
        case 92..<95:
            harness.now += Double.random(in: 0..<0.05, using: &random)
            let now = harness.now
            note("c\(index) tick \(now)")
            _ = harness.run(index, "tick") { $0.tick(now: now) }
        default:
            if harness.clients[index].connection == nil {
                note("c\(index) reconnects")
                harness.connect(index)
            } else if !harness.unreportedDisconnects.isEmpty, chance(0.5) {
                note("server notices a disconnect")
                harness.reportDisconnect()
            } else if chance(disconnectRate * 20) {
                note("c\(index) drops its connection")
                harness.disconnect(index)
            }
        }
    }

    /// A random person's action on client `index`: an edit, an undo or a drag step.
    mutating func act(_ index: Int) {
        let roll = Int.random(in: 0..<100, using: &random)
        let machine = harness.clients[index].machine
        if roll < 60 {
            guard let state = machine.optimistic, let edit = randomEdit(on: state) else { return }
            note("c\(index) edits \(edit)")
            perform(edit, on: index)
        } else if roll < 64 {
            note("c\(index) undoes")
            var ids: [String] = (0..<20).map { _ in freshID("u") }
            _ = harness.run(index, "undo") { machine in machine.undo { ids.removeFirst() } }
        } else if roll < 66 {
            note("c\(index) redoes")
            var ids: [String] = (0..<20).map { _ in freshID("r") }
            _ = harness.run(index, "redo") { machine in machine.redo { ids.removeFirst() } }
        } else {
            drag(index)
        }
    }

    /// Performs an edit, counting it as accepted when it entered the pending chain.
    mutating func perform(_ edit: LocalEdit, on index: Int) {
        let before = harness.clients[index].machine.pendingCount
        harness.counts.localEdits += 1
        _ = harness.run(index, "perform \(edit)") { $0.perform(edit) }
        if harness.clients[index].machine.pendingCount > before { harness.counts.acceptedEdits += 1 }
    }

    private mutating func drag(_ index: Int) {
        let machine = harness.clients[index].machine
        guard let state = machine.optimistic else { return }
        harness.now += Double.random(in: 0..<0.03, using: &random)
        let now = harness.now
        guard let held = machine.localDrag else {
            if chance(0.3), let items = randomItems(on: state) {
                note("c\(index) begins dragging the block \(items)")
                _ = harness.run(index, "beginDrag \(items)") { $0.beginDrag(items: items) }
                return
            }
            guard let item = randomItem(on: state) else { return }
            note("c\(index) begins dragging \(item)")
            _ = harness.run(index, "beginDrag \(item)") { $0.beginDrag(item: item) }
            return
        }
        let roll = Int.random(in: 0..<10, using: &random)
        if roll < 6, let target = randomPosition(on: state, moving: held.held) {
            note("c\(index) drags \(held.item) over \(target) at \(now)")
            _ = harness.run(index, "dragOver \(target)") { $0.dragOver(to: target, now: now) }
        } else if roll < 9 {
            note("c\(index) drops \(held.item) at \(held.to)")
            let before = harness.clients[index].machine.pendingCount
            _ = harness.run(index, "drop") { $0.drop() }
            if harness.clients[index].machine.pendingCount > before { harness.counts.acceptedEdits += 1 }
        } else {
            note("c\(index) cancels dragging \(held.item)")
            _ = harness.run(index, "cancelDrag") { $0.cancelDrag() }
        }
    }

    /// A random edit that is valid on `state`.
    mutating func randomEdit(on state: BoardState) -> LocalEdit? {
        let sections = state.board.sections
        switch Int.random(in: 0..<24, using: &random) {
        case 23:
            guard let board = pastBoards.randomElement(using: &random) else { return nil }
            return .restore(board, version: board.version, idSeed: random.next())
        case 20, 21:
            guard let items = randomItems(on: state), let to = randomPosition(on: state, moving: items) else {
                return nil
            }
            return .moveItems(items, to: to)
        case 22:
            return randomItems(on: state).map { .deleteItems($0) }
        case 0..<5:
            guard let section = sections.randomElement(using: &random) else { return nil }
            let index = Int.random(in: 0...section.items.count, using: &random)
            let id = freshID("i")
            return .insert(Item(id: ItemID(id), label: "L\(id)"), at: Position(section: section.id, index: index))
        case 5..<10:
            guard let item = randomItem(on: state), let to = randomPosition(on: state, moving: item) else { return nil }
            return .move(item: item, to: to)
        case 10..<12:
            return randomItem(on: state).map { .delete(item: $0) }
        case 12..<14:
            return randomItem(on: state).map { .rename(item: $0, label: freshID("label")) }
        case 14..<16:
            guard sections.count < 6 else { return nil }
            let id = freshID("s")
            return .insertSection(
                SectionHeader(id: SectionID(id), title: "T\(id)"),
                at: Int.random(in: 0...sections.count, using: &random))
        case 16, 17:
            guard let section = sections.randomElement(using: &random) else { return nil }
            return .moveSection(section.id, to: Int.random(in: 0..<sections.count, using: &random))
        case 18:
            guard let section = sections.randomElement(using: &random) else { return nil }
            return .renameSection(section.id, title: freshID("title"))
        default:
            guard sections.count > 1, chance(0.5), let section = sections.randomElement(using: &random) else {
                return nil
            }
            return .deleteSection(section.id)
        }
    }

    private mutating func randomItem(on state: BoardState) -> ItemID? {
        let items = state.board.sections.flatMap(\.items)
        return items.randomElement(using: &random)?.id
    }

    /// Two to four different items of the board, in a random order; nil when there are fewer.
    private mutating func randomItems(on state: BoardState) -> [ItemID]? {
        var items = state.board.sections.flatMap(\.items).map(\.id)
        guard items.count >= 2 else { return nil }
        items.shuffle(using: &random)
        return Array(items.prefix(Int.random(in: 2...min(4, items.count), using: &random)))
    }

    /// A valid destination for moving `item`: the index counts the target section without it.
    private mutating func randomPosition(on state: BoardState, moving item: ItemID) -> Position? {
        randomPosition(on: state, moving: [item])
    }

    /// A valid destination for moving `items` together: the index counts the target section
    /// without any of them.
    private mutating func randomPosition(on state: BoardState, moving items: [ItemID]) -> Position? {
        guard let section = state.board.sections.randomElement(using: &random) else { return nil }
        let count = section.items.count { !items.contains($0.id) }
        return Position(section: section.id, index: Int.random(in: 0...max(count, 0), using: &random))
    }

    /// The trace and the harness failures as one message.
    func report(seed: UInt64, problems: [String]) -> String {
        "seed \(seed)\n" + problems.prefix(10).joined(separator: "\n") + "\nlast steps:\n"
            + trace.joined(separator: "\n") + "\nevents:\n" + (harness.eventLog ?? []).joined(separator: "\n")
    }
}
