extension ClientSession {
    /// A person's intent, turned into the machine's edits and drags, with what it says.
    mutating func perform(_ intent: ClientIntent, now: Double, into turn: inout SessionTurn) {
        switch intent {
        case .pickUp(let item):
            if selection.contains(item), selection.count > 1, let board = machine.optimistic?.board {
                let items = selection.inBoardOrder(on: board)
                take(machine.beginDrag(items: items), into: &turn)
                if machine.localDrag?.items == items, let place = heldPlace() {
                    turn.step.announcements.append(SessionWords.pickedUp(place))
                }
                return
            }
            take(machine.beginDrag(item: item), into: &turn)
            if machine.localDrag?.item == item, let place = heldPlace() {
                turn.step.announcements.append(SessionWords.pickedUp(place))
            }
        case .moveHeld(let move):
            guard let drag = machine.localDrag, let target = target(of: move, for: drag) else { return }
            guard target != drag.to else { return }
            take(machine.dragOver(to: target, now: now), into: &turn)
            if let place = heldPlace() { turn.step.announcements.append(SessionWords.moved(place)) }
        case .drop:
            guard let drag = machine.localDrag else { return }
            let place = heldPlace()
            take(machine.drop(), into: &turn)
            if let place { turn.step.announcements.append(SessionWords.dropped(place)) }
            if drag.items != nil { selection.clear() }
        case .cancel:
            guard let drag = machine.localDrag else { return }
            let label =
                if let items = drag.items { SessionWords.tiles(items.count) } else {
                    self.label(of: drag.item, before: turn.before)
                }
            take(machine.cancelDrag(), into: &turn)
            turn.step.announcements.append(SessionWords.putBack(label))
        case .insert(let label, let place, let id):
            guard let position = position(of: place) else { return }
            let item = Item(id: id ?? ItemID(random.makeID()), label: label)
            take(machine.perform(.insert(item, at: position)), into: &turn)
        case .move(let item, let to):
            take(machine.perform(.move(item: item, to: to)), into: &turn)
        case .rename(let item, let label):
            take(machine.perform(.rename(item: item, label: label)), into: &turn)
        case .delete(let item):
            let label = machine.optimistic?.board.item(item)?.label
            let pending = machine.pendingCount
            take(machine.perform(.delete(item: item)), into: &turn)
            if let label, machine.pendingCount > pending { turn.step.announcements.append(SessionWords.deleted(label)) }
        case .addSection(let title, let index, let id):
            let header = SectionHeader(id: id ?? SectionID(random.makeID()), title: title)
            let at = index ?? machine.optimistic?.board.sections.count ?? 0
            take(machine.perform(.insertSection(header, at: at)), into: &turn)
        case .renameSection(let section, let title):
            take(machine.perform(.renameSection(section, title: title)), into: &turn)
        case .moveSection(let section, let to):
            take(machine.perform(.moveSection(section, to: to)), into: &turn)
        case .deleteSection(let section):
            let removed = machine.optimistic?.board.sections.first { $0.id == section }
            let pending = machine.pendingCount
            take(machine.perform(.deleteSection(section)), into: &turn)
            if let removed, machine.pendingCount > pending {
                turn.step.announcements.append(SessionWords.deletedSection(removed.title, tiles: removed.items.count))
            }
        case .moveItems(let items, let to):
            moveItems(items, to: to, into: &turn)
        case .deleteItems(let items):
            deleteItems(items, into: &turn)
        case .mark(let item):
            guard machine.optimistic?.position(ofItem: item) != nil else { return }
            selection.toggle(item)
            let label = label(of: item, before: turn.before)
            turn.step.announcements.append(
                selection.contains(item)
                    ? SessionWords.marked(label, count: selection.count)
                    : SessionWords.unmarked(label, count: selection.count))
        case .markRun(let item):
            guard let board = machine.optimistic?.board else { return }
            selection.markRun(to: item, on: board)
            turn.step.announcements.append(SessionWords.markedRun(count: selection.count))
        case .clearMarks:
            guard !selection.isEmpty else { return }
            selection.clear()
            turn.step.announcements.append(SessionWords.marksCleared)
        case .moveMarked(let to):
            guard let board = machine.optimistic?.board else { return }
            moveItems(selection.inBoardOrder(on: board), to: to, into: &turn)
        case .deleteMarked:
            guard let board = machine.optimistic?.board else { return }
            deleteItems(selection.inBoardOrder(on: board), into: &turn)
        case .restore(let board, let version):
            guard let state = machine.optimistic else { return }
            let seed = random.next()
            let pending = machine.pendingCount
            take(machine.perform(.restore(board, version: version, idSeed: seed)), into: &turn)
            if machine.pendingCount > pending {
                let ops = ChangeIntent.restore(board, version: version, idSeed: seed).ops(on: state) ?? []
                turn.step.announcements.append(
                    SessionWords.restored(version: version, RestoreSummary(of: ops, on: state).sentence))
            } else if machine.role == .editor {
                turn.step.announcements.append(SessionWords.alreadyAsAt(version))
            }
        case .undo, .redo:
            var generator = random
            let board = machine.optimistic?.board
            let pending = machine.pendingCount
            let isUndo = intent == .undo
            take(isUndo ? machine.undo { generator.makeID() } : machine.redo { generator.makeID() }, into: &turn)
            random = generator
            if machine.pendingCount > pending, let board, let change = machine.chain.lastChange {
                let words = OpDescription.describe(group: change.ops, by: "you", on: board)
                turn.step.announcements.append(isUndo ? SessionWords.undone(words) : SessionWords.redone(words))
            }
        case .arrange(let arrangement):
            self.arrangement = arrangement
        case .editing(let target):
            openEdit = target
        }
    }

    /// Moves `items` as one group and says so; the marks are done with.
    private mutating func moveItems(_ items: [ItemID], to: Position, into turn: inout SessionTurn) {
        guard !items.isEmpty, let board = machine.optimistic?.board else { return }
        let pending = machine.pendingCount
        take(machine.perform(.moveItems(items, to: to)), into: &turn)
        guard machine.pendingCount > pending, let change = machine.chain.lastChange else { return }
        selection.clear()
        let title = board.index(ofSection: to.section).map { board.sections[$0].title } ?? to.section.rawValue
        turn.step.announcements.append(SessionWords.movedTiles(change.ops.count, to: title))
    }

    /// Deletes `items` as one group and says so; the marks are done with.
    private mutating func deleteItems(_ items: [ItemID], into turn: inout SessionTurn) {
        guard !items.isEmpty else { return }
        let pending = machine.pendingCount
        take(machine.perform(.deleteItems(items)), into: &turn)
        guard machine.pendingCount > pending, let change = machine.chain.lastChange else { return }
        selection.clear()
        turn.step.announcements.append(SessionWords.deletedTiles(change.ops.count))
    }

    /// Where a new tile goes on the board the person sees.
    private func position(of place: InsertPlace) -> Position? {
        guard let board = machine.optimistic?.board else { return nil }
        switch place {
        case .position(let position):
            guard let count = machine.optimistic?.itemCount(inSection: position.section) else { return position }
            return Position(section: position.section, index: min(max(position.index, 0), count))
        case .endOf(let section):
            guard let count = machine.optimistic?.itemCount(inSection: section) else { return nil }
            return Position(section: section, index: count)
        case .after(let item):
            guard let at = board.position(ofItem: item) else { return nil }
            return Position(section: at.section, index: at.index + 1)
        }
    }

    /// The held tile's placeholder as the person sees it: the tile's label, the section's title,
    /// the placeholder's index among the section's cells and how many cells the section shows.
    @inline(never)
    func heldPlace() -> SessionWords.Place? {
        guard let drag = machine.localDrag,
            let section = machine.view.sections.first(where: { $0.id == drag.to.section }),
            let label = drag.items.map({ SessionWords.tiles($0.count) })
                ?? machine.optimistic?.board.item(drag.item)?.label
        else { return nil }
        return SessionWords.Place(
            label: label, section: section.title, index: drag.to.index, count: section.cells.count)
    }
}
