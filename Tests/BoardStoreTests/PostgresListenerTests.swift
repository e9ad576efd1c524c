import BoardStore
import Testing

/// LISTEN/NOTIFY through `PostgresListener` against a real PostgreSQL server.
@Suite("PostgreSQL listener")
struct PostgresListenerTests {
    private func listener(on channels: String...) throws -> PostgresListener {
        let listener = try PostgresListener(url: ThrowawayPostgres.shared().url)
        for channel in channels { try listener.listen(channel) }
        return listener
    }

    @Test func notificationsArriveInCommitOrderWithTheirSender() throws {
        let channel = uniquePostgresName("board")
        let listener = try listener(on: channel)
        let notifier = try connectToSharedPostgres()
        try notifier.notify(channel: channel, payload: "b 1")
        try notifier.transaction {
            try notifier.notify(channel: channel, payload: "b 2")
            try notifier.notify(channel: channel, payload: "b 3")
        }
        try notifier.notify(channel: channel, payload: "🧩 \"4\"")
        try notifier.notify(channel: channel, payload: "")

        let (notifications, other) = listener.collect(5)
        #expect(other == nil)
        #expect(notifications.map(\.payload) == ["b 1", "b 2", "b 3", "🧩 \"4\"", ""])
        #expect(notifications.allSatisfy { $0.channel == channel && $0.senderPID == notifier.backendPID })
    }

    @Test func notificationsOfConcurrentTransactionsArriveInCommitOrder() throws {
        let channel = uniquePostgresName("board")
        let listener = try listener(on: channel)
        let early = try connectToSharedPostgres()
        let late = try connectToSharedPostgres()
        try early.transaction {
            try early.notify(channel: channel, payload: "begun first, committed last")
            try late.transaction { try late.notify(channel: channel, payload: "begun last, committed first") }
        }
        let (notifications, other) = listener.collect(2)
        #expect(other == nil)
        #expect(notifications.map(\.payload) == ["begun last, committed first", "begun first, committed last"])
        #expect(notifications.map(\.senderPID) == [late.backendPID, early.backendPID])
    }

    @Test func identicalNotificationsOfOneTransactionArriveOnce() throws {
        let channel = uniquePostgresName("board")
        let listener = try listener(on: channel)
        let notifier = try connectToSharedPostgres()
        try notifier.transaction {
            for payload in ["b 7", "b 7", "b 8", "b 7"] { try notifier.notify(channel: channel, payload: payload) }
        }
        try notifier.notify(channel: channel, payload: "after")
        let (notifications, other) = listener.collect(3)
        #expect(other == nil)
        #expect(notifications.map(\.payload) == ["b 7", "b 8", "after"])
    }

    @Test func aRolledBackTransactionNotifiesNobody() throws {
        struct Abandon: Error {}
        let channel = uniquePostgresName("board")
        let listener = try listener(on: channel)
        let notifier = try connectToSharedPostgres()
        #expect(throws: Abandon.self) {
            try notifier.transaction {
                try notifier.notify(channel: channel, payload: "rolled back")
                throw Abandon()
            }
        }
        try notifier.notify(channel: channel, payload: "committed")
        let (notifications, other) = listener.collect(1)
        #expect(other == nil)
        #expect(notifications.map(\.payload) == ["committed"])
    }

    @Test func onlyTheChannelsListenedToAreDelivered() throws {
        let kept = uniquePostgresName("kept")
        let dropped = uniquePostgresName("dropped")
        let listener = try listener(on: kept, dropped)
        #expect(listener.channels == [kept, dropped])
        try listener.unlisten(dropped)
        #expect(listener.channels == [kept])
        let notifier = try connectToSharedPostgres()
        try notifier.notify(channel: dropped, payload: "unheard")
        try notifier.notify(channel: uniquePostgresName("other"), payload: "unheard")
        try notifier.notify(channel: kept, payload: "heard")
        let (notifications, other) = listener.collect(1)
        #expect(other == nil)
        #expect(notifications.map(\.payload) == ["heard"])
    }

    @Test func nothingArrivingIsATimeoutAfterTheTimeout() throws {
        let listener = try listener(on: uniquePostgresName("quiet"))
        let started = ContinuousClock.now
        #expect(listener.next(timeout: .milliseconds(150)) == .timeout)
        let waited = started.duration(to: .now)
        #expect(waited >= .milliseconds(150))
        #expect(waited < .seconds(3))
        #expect(listener.next(timeout: .zero) == .timeout)
    }

    @Test func aPayloadOf8000BytesIsRefused() throws {
        let channel = uniquePostgresName("board")
        let listener = try listener(on: channel)
        let notifier = try connectToSharedPostgres()
        let error = #expect(throws: PostgresError.self) {
            try notifier.notify(channel: channel, payload: String(repeating: "x", count: 8000))
        }
        #expect(error?.sqlState == .invalidParameterValue)
        let largest = String(repeating: "y", count: 7999)
        try notifier.notify(channel: channel, payload: largest)
        #expect(listener.collect(1).notifications.map(\.payload) == [largest])
    }

    @Test func theListenerNoticesAKilledBackendAndReconnects() throws {
        let channel = uniquePostgresName("board")
        let listener = try listener(on: channel)
        let admin = try connectToSharedPostgres()
        let killed = listener.backendPID
        #expect(try admin.execute("SELECT pg_terminate_backend($1)", [killed])[0].bool(0))

        guard case .connectionLost(let reason) = listener.next(timeout: .seconds(10)) else {
            Issue.record("the listener did not notice its backend was terminated")
            return
        }
        #expect(reason.contains("terminating connection due to administrator command"), "\(reason)")
        #expect(!listener.isConnected)
        #expect(listener.next(timeout: .seconds(1)) == .connectionLost(reason), "the loss is reported until reconnect")

        try listener.reconnect()
        #expect(listener.backendPID != killed)
        try admin.notify(channel: channel, payload: "after reconnect")
        #expect(listener.collect(1).notifications.map(\.payload) == ["after reconnect"])
    }

    @Test func theListenerNoticesServerRestartsAndReconnects() throws {
        let server = try ThrowawayPostgres.start()
        defer { try? server.stop() }
        let channel = uniquePostgresName("board")
        let listener = try PostgresListener(url: server.url)
        try listener.listen(channel)
        let notifier = try PostgresConnection(url: server.url)

        for immediate in [false, true] {
            try server.restart(immediate: immediate)
            guard case .connectionLost(let reason) = listener.next(timeout: .seconds(10)) else {
                Issue.record("the listener did not notice the restart (immediate: \(immediate))")
                return
            }
            #expect(!reason.isEmpty)
            let error = #expect(throws: PostgresError.self) { try notifier.notify(channel: channel, payload: "lost") }
            guard case .connectionLost = error else {
                Issue.record("expected a lost connection, got \(String(describing: error))")
                return
            }

            try listener.reconnect()
            try notifier.reset()
            try notifier.notify(channel: channel, payload: "restarted \(immediate)")
            #expect(listener.collect(1).notifications.map(\.payload) == ["restarted \(immediate)"])
        }
    }
}
