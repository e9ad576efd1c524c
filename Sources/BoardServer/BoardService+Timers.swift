import BoardSync

extension BoardService {
    /// Drag timeouts and idle boards are checked once a second while any board is loaded.
    func armTickTimer() {
        guard !tickTimerArmed, let server else { return }
        tickTimerArmed = true
        _ = server.schedule(after: 1) { [weak self] in
            guard let self else { return }
            tickTimerArmed = false
            tick()
        }
    }

    private func tick() {
        let now = Self.now()
        for loaded in boards.values where loaded.sequencer.dragCount > 0 {
            record(loaded.name, loaded.sequencer.handle(.tick, now: now))
        }
        finishTurn()
        // A board still awaiting creation has no connection left and nothing pending after
        // `finishTurn`: no one said hello, so there is nothing to store and it goes too.
        for (name, loaded) in boards where loaded.connections.isEmpty {
            if let idle = loaded.idleSince, now - idle >= options.idleBoardSeconds {
                boards[name] = nil
                log(.debug, "board unloaded", ["board": name])
            }
        }
        if !boards.isEmpty { armTickTimer() }
    }
}
