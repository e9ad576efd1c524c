import BoardSync

extension BoardService {
    /// Drag timeouts and idle boards are checked once a second while any board is loaded.
    func armTickTimer() {
        guard !tickTimerArmed, let host else { return }
        tickTimerArmed = true
        host.runLater(after: 1) { [weak self] in
            guard let self else { return }
            serviceThread.check()
            tickTimerArmed = false
            tick()
        }
    }

    private func tick() {
        let now = clock()
        for loaded in boards.values where loaded.sequencer.dragCount > 0 {
            record(loaded.name, loaded.handle(.tick, now: now))
        }
        finishTurn()
        // Boards are unloaded only when nothing of theirs can still be on its way to the store.
        // A board still awaiting creation then has no connection and nothing pending: no one said
        // hello, so there is nothing to store and it goes too.
        clusterTick()
        let settled = pipeline.isIdle && turn.isEmpty
        for (name, loaded) in boards where settled && loaded.connections.isEmpty && (loaded.log?.isIdle ?? true) {
            if let idle = loaded.idleSince, now - idle >= options.idleBoardSeconds {
                boards[name] = nil
                log(.debug, "board unloaded", ["board": name])
            }
        }
        if !boards.isEmpty { armTickTimer() }
    }
}
