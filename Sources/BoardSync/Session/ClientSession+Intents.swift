extension ClientSession {
    /// A person's intent, turned into the machine's edits and drags, with what it says.
    mutating func perform(_ intent: ClientIntent, now: Double, into turn: inout SessionTurn) {
        switch intent {
        case .pickUp(let item):
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
            guard machine.localDrag != nil else { return }
            let place = heldPlace()
            take(machine.drop(), into: &turn)
            if let place { turn.step.announcements.append(SessionWords.dropped(place)) }
        case .cancel:
            guard let drag = machine.localDrag else { return }
            let label = label(of: drag.item, before: turn.before)
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
        case .undo:
            var generator = random
            let board = machine.optimistic?.board
            let pending = machine.pendingCount
            take(machine.undo { generator.makeID() }, into: &turn)
            random = generator
            let added = machine.pendingCount - pending
            if added > 0, let board, let first = machine.chain.ops.suffix(added).first {
                turn.step.announcements.append(
                    SessionWords.undone(OpDescription.describe(first, by: "you", on: board)))
            }
        case .arrange(let arrangement):
            self.arrangement = arrangement
        case .editing(let target):
            openEdit = target
        }
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
            let label = machine.optimistic?.board.item(drag.item)?.label
        else { return nil }
        return SessionWords.Place(
            label: label, section: section.title, index: drag.to.index, count: section.cells.count)
    }
}
