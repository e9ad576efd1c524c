import BoardSync

extension ScriptSession {
    /// An import's tiles committed so far, and how many it brings in; nil for other commands.
    public var importProgress: (done: Int, total: Int)? {
        guard let imported, performed, let committed = machine.committed else { return nil }
        return (max(0, committed.board.itemCount - tilesBefore), imported.tileCount)
    }

    /// What a finished command prints: for an import the summary of what came in, for a restore
    /// what changed and the version the board is at now.
    var finalConfirmation: String {
        switch command {
        case .importFile: imported?.report(imported: true) ?? confirmation
        case .restore: "\(confirmation) The board is now at version \(machine.version)."
        default: confirmation
        }
    }

    /// Adds the imported sections after the board's own, in groups of at most 500 ops. A board
    /// without tiles loses its empty sections first (a new board's Main), so that it becomes the
    /// imported board; one with tiles is declined unless `append`.
    mutating func startImport(on state: BoardState, append: Bool, after earlier: [ClientMessage]) -> Step {
        guard let imported else { return .finished(ScriptResult(.failure, "nothing was read to import")) }
        let board = state.board
        tilesBefore = board.itemCount
        if board.itemCount > 0 && !append {
            let count = "\(ImportSummary.grouped(board.itemCount)) tile\(board.itemCount == 1 ? "" : "s")"
            return .finished(
                ScriptResult(
                    .declined,
                    "board \(board.id) already has \(count); import into a new or empty board, "
                        + "or give --append to add the file's sections after its own"))
        }
        let replaced = board.itemCount == 0 && !append ? board.sections : []
        var after = board
        after.sections.removeAll { section in replaced.contains { $0.id == section.id } }
        if let problem = imported.problem(adding: after, limits: machine.limits) {
            return .finished(ScriptResult(.declined, "nothing was imported: \(problem)"))
        }
        if imported.sections.isEmpty { return .finished(ScriptResult(.ok, imported.report(imported: true))) }
        let edits = replaced.map { LocalEdit.deleteSection($0.id) } + [.appendSections(imported.sections, idSeed: seed)]
        return submit(edits, after: earlier)
    }

    /// Puts the board back as `restoreTarget`: nothing when it already is, else a question naming
    /// what changes unless `confirmed`.
    mutating func startRestore(
        to version: Int, confirmed: Bool, on state: BoardState, after earlier: [ClientMessage]
    ) -> Step {
        guard let target = restoreTarget else {
            return .finished(ScriptResult(.failure, "no earlier board to restore"))
        }
        var counter = 0
        let ops = RestorePlan.ops(from: state, to: target) {
            counter += 1
            return "preview-\(counter)"
        }
        let summary = RestoreSummary(of: ops, on: state)
        if summary.isEmpty {
            return .finished(ScriptResult(.ok, SessionWords.alreadyAsAt(version)))
        }
        confirmation = "Restored the board to version \(version): \(summary.sentence)"
        pendingRestore = earlier
        if confirmed { return answer(true) }
        return .ask(SessionWords.restoreQuestion(version: version, summary.sentence))
    }

    /// The person's answer to the question of a restore.
    public mutating func answer(_ yes: Bool) -> Step {
        guard let earlier = pendingRestore, let target = restoreTarget, case .restore(let version, _) = command else {
            return .finished(ScriptResult(.failure, "there was no question to answer"))
        }
        pendingRestore = nil
        guard yes else { return .finished(ScriptResult(.declined, "nothing was restored")) }
        return submit([.restore(target, version: version, idSeed: seed)], after: earlier)
    }
}
