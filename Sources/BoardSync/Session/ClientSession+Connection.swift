extension ClientSession {
    /// The WebSocket ended: for good after a final close code, otherwise the next attempt is
    /// scheduled after the backoff. Local edits stay pending either way.
    mutating func closed(code: Int?, reason: String, now: Double, into turn: inout SessionTurn) {
        take(machine.connectionClosed(), into: &turn)
        guard !isStopped else { return }
        if let code, let words = ReconnectPolicy.finalWords(closeCode: code, reason: reason) {
            stop(words, into: &turn)
            return
        }
        retry(problem: nil, now: now, into: &turn)
    }

    /// An attempt failed before the WebSocket opened: a refusal that trying again cannot
    /// change stops the session, anything else is tried again after the backoff.
    mutating func failed(_ failure: ConnectionFailure, now: Double, into turn: inout SessionTurn) {
        take(machine.connectionClosed(), into: &turn)
        guard !isStopped else { return }
        switch failure {
        case .refused(let status):
            if let words = ReconnectPolicy.finalWords(
                httpStatus: status, board: machine.boardID, usesToken: usesToken)
            {
                stop(words, into: &turn)
            } else {
                retry(problem: ReconnectPolicy.words(httpStatus: status), now: now, into: &turn)
            }
        case .unreachable(let problem):
            retry(problem: problem, now: now, into: &turn)
        }
    }

    private mutating func retry(problem: String?, now: Double, into turn: inout SessionTurn) {
        reconnectAttempts += 1
        let jitter = Double(random.next() % 1_000_000) / 1_000_000
        let delay = ReconnectPolicy.delay(attempt: reconnectAttempts, jitter: jitter)
        connection = .waiting(until: now + delay, problem: problem)
        turn.step.connectAfter = delay
    }

    private mutating func stop(_ words: String, into turn: inout SessionTurn) {
        connection = .stopped(words)
        turn.step.stopped = words
        turn.step.announcements.append(words)
    }
}
