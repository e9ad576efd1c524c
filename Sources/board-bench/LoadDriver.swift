import Dispatch
import Foundation
import WebSocketTransport

/// Counters of one measured step.
struct LoadCounters: Sendable {
    var delivered = 0
    var acks = 0
    var errors = 0
    var sent = 0
    var disconnects = 0

    /// Adds the counts of `other` (another client context's).
    mutating func add(_ other: LoadCounters) {
        delivered += other.delivered
        acks += other.acks
        errors += other.errors
        sent += other.sent
        disconnects += other.disconnects
    }
}

/// What the driver measured during one step.
struct LoadStepSample: Sendable {
    var counters: LoadCounters
    var delivery: LatencySummary
    var ack: LatencySummary
    var seconds: Double
}

/// The raw figures of one step as the service thread hands them over; sorting the samples into
/// percentiles (`summarized`) happens on the caller's thread, after the step's CPU time was read.
struct LoadStepRecording: Sendable {
    var counters: LoadCounters
    var delivery: LatencySamples
    var ack: LatencySamples
    var seconds: Double

    /// One recording of the step of several contexts: counters summed, samples merged (before
    /// any percentile is taken), and the longest of their step times.
    static func merged(_ recordings: [LoadStepRecording]) -> LoadStepRecording {
        var merged = LoadStepRecording(
            counters: LoadCounters(), delivery: LatencySamples(), ack: LatencySamples(), seconds: 0)
        for recording in recordings {
            merged.counters.add(recording.counters)
            merged.delivery.append(contentsOf: recording.delivery)
            merged.ack.append(contentsOf: recording.ack)
            merged.seconds = max(merged.seconds, recording.seconds)
        }
        return merged
    }

    var summarized: LoadStepSample {
        LoadStepSample(counters: counters, delivery: delivery.summary(), ack: ack.summary(), seconds: seconds)
    }
}

/// Holds the simulated clients of one libwebsockets client context and drives them: connects
/// with bounded concurrency, paces writers and draggers from one timer, and records latencies.
/// All state belongs to the context's service thread; `LoadGenerator` reaches it through `sync`.
/// The only state shared with other contexts is `dragTimes`, which is atomic.
final class LoadDriver: @unchecked Sendable {
    let context: ClientContext
    let target: LoadTarget
    let baseURL: String
    private(set) var clients: [LoadClient] = []
    private var connectQueue: [LoadClient] = []
    private var queueHead = 0
    private var pendingConnects = 0
    private let maxPendingConnects = 200
    private var setupQueue: [LoadClient] = []
    private var setupHead = 0
    private var counters = LoadCounters()
    private var delivery = LatencySamples()
    private var ackLatency = LatencySamples()
    private var stepStart: Int64 = LoadClock.micros()
    private var tickArmed = false
    /// Send times of every dragger's `over`s, shared with the generator's other contexts.
    private var dragTimes: DragSendTimes?
    var dragRate = 30.0
    var draggingActive = false
    /// Reconnect closed connections (with `since`) instead of counting them as errors.
    var reconnects = false
    private var firstErrors: [String] = []
    /// Highest version any client of this context has seen of each board. A board's writers and
    /// draggers all live on one context, so this is the version its next insert is based on.
    private var boardVersions: [String: Int] = [:]

    /// Bytes read from a socket at a time: a watcher of a busy board that fell behind reads its
    /// backlog of small frames in 16 KiB pieces instead of 4 KiB ones.
    static let receiveBufferSize = 16 * 1024
    /// The service loop starts a turn at most every 250 µs once it holds 250 connections (1 µs per
    /// connection below that). Every turn polls every connection, and without a minimum the loop
    /// turned for nearly every arriving frame and spun through the last millisecond before each
    /// pacing tick; with it, frames are read in bulk. Reading an arriving frame can wait up to
    /// that long (at most 64 µs in the acks scenario's 64 connections); queued frames are
    /// written without waiting.
    static let minimumTurnInterval = 0.000_25
    static let connectionsForFullTurnInterval = 250

    init(target: LoadTarget, baseURL: String) throws {
        self.target = target
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        context = try ClientContext(
            configuration: ClientContextConfiguration(
                shutdownGracePeriod: 0.5, receiveBufferSize: Self.receiveBufferSize,
                minimumTurnInterval: Self.minimumTurnInterval,
                connectionsForFullTurnInterval: Self.connectionsForFullTurnInterval))
    }

    func shutdown() { context.shutdown() }

    /// Runs `work` on the service thread and waits for its result.
    func sync<Result: Sendable>(_ work: @escaping @Sendable (LoadDriver) -> Result) -> Result {
        let box = SyncBox<Result>()
        let done = DispatchSemaphore(value: 0)
        context.post { [self] in
            box.value = work(self)
            done.signal()
        }
        done.wait()
        return box.value!
    }

    // MARK: Service thread

    /// Adds clients and starts connecting them.
    func add(_ spec: LoadClientSpec) {
        let client = LoadClient(
            board: spec.board, clientID: spec.clientID, role: spec.role, sourceAddress: spec.sourceAddress, driver: self
        )
        clients.append(client)
        connectQueue.append(client)
        pumpConnects()
    }

    var openCount: Int { clients.reduce(0) { $0 + ($1.isOpen ? 1 : 0) } }
    var setUpCount: Int { clients.reduce(0) { $0 + ($1.isSetUp ? 1 : 0) } }
    var caughtUpCount: Int { clients.reduce(0) { $0 + (isCaughtUp($1) ? 1 : 0) } }
    var lastCatchUp: Int64 { clients.reduce(0) { max($0, $1.caughtUpAt) } }
    var highestVersion: Int { clients.reduce(0) { max($0, $1.version) } }
    var errorExamples: [String] { firstErrors }
    var writers: [LoadClient] { clients.filter { if case .writer = $0.role { true } else { false } } }
    var workerCount: Int { clients.reduce(0) { $0 + ($1.role.isWatcher ? 0 : 1) } }

    private func pumpConnects() {
        while pendingConnects < maxPendingConnects, queueHead < connectQueue.count {
            let client = connectQueue[queueHead]
            queueHead += 1
            open(client)
        }
        if queueHead == connectQueue.count {
            connectQueue.removeAll()
            queueHead = 0
        }
    }

    private func open(_ client: LoadClient) {
        pendingConnects += 1
        client.connection = nil
        client.opening = true
        do {
            // A failure can be reported from inside `connect`; then `opening` is already false.
            let connection = try context.connect(
                to: "\(baseURL)/boards/\(client.board)",
                options: ClientConnectOptions(sourceAddress: client.sourceAddress),
                handler: client)
            if client.opening { client.connection = connection }
        } catch {
            client.opening = false
            pendingConnects -= 1
            noteError("connect: \(error)")
        }
    }

    /// Creates the items of writers and draggers one after the other (so dragger `k`'s item
    /// lands at index `k`); relay clients need none.
    func beginSetup() {
        let workers = clients.filter {
            if case .watcher = $0.role { return false }
            return !$0.isSetUp
        }
        guard target == .server else {
            workers.forEach { $0.isSetUp = true }
            return
        }
        setupQueue = workers
        setupHead = 0
        advanceSetup()
    }

    private func advanceSetup() {
        guard setupHead < setupQueue.count else { return }
        let client = setupQueue[setupHead]
        var index = 0
        if case .dragger(let number) = client.role { index = number }
        client.seq += 1
        client.hasInFlight = true
        client.inFlightSince = nil
        client.connection?.send(
            text: LoadFrames.insert(
                seq: client.seq, base: max(client.version, boardVersions[client.board] ?? 0), item: client.item,
                index: index, sentAt: LoadClock.micros()))
    }

    /// Paces every writer in `writers` at `rate` operations per second (0: closed loop). Each
    /// paced writer starts at a random point of its period, as independent people would: on
    /// one shared timer they would otherwise all send in the same tick, and the scenario would
    /// measure bursts of every writer at once instead of the rate it asks for.
    func startWriting(_ writers: [LoadClient], rate: Double) {
        let now = LoadClock.micros()
        for client in writers {
            client.rate = rate
            client.closedLoop = rate == 0
            client.paceStart = rate > 0 ? now - Int64.random(in: 0..<max(1, Int64(1e6 / rate))) : now
            client.paceSent = 0
            if client.closedLoop { sendUpdate(client) }
        }
        armTick()
    }

    func stopWriting() {
        for client in clients {
            client.rate = 0
            client.closedLoop = false
        }
        draggingActive = false
    }

    /// Draggers pick up their items and start moving them at `dragRate`, recording their send
    /// times in `times`.
    func startDragging(times: DragSendTimes) {
        dragTimes = times
        let now = LoadClock.micros()
        for client in clients {
            guard case .dragger = client.role else { continue }
            if target == .server { client.connection?.send(text: LoadFrames.dragBegin(item: client.item)) }
            client.paceStart = now + Int64.random(in: 0..<Int64(1e6 / dragRate))
            client.paceSent = 0
        }
        draggingActive = true
        armTick()
    }

    /// Starts a new measured step.
    func resetStep() {
        counters = LoadCounters()
        delivery.removeAll()
        ackLatency.removeAll()
        stepStart = LoadClock.micros()
    }

    /// The figures since `resetStep`.
    func takeStep() -> LoadStepRecording {
        LoadStepRecording(
            counters: counters, delivery: delivery, ack: ackLatency,
            seconds: Double(LoadClock.micros() - stepStart) / 1e6)
    }

    private func armTick() {
        guard !tickArmed else { return }
        tickArmed = true
        context.schedule(after: 0.002) { [self] in tick() }
    }

    private func tick() {
        tickArmed = false
        let now = LoadClock.micros()
        var active = false
        for client in clients where client.isSetUp && client.isOpen {
            switch client.role {
            case .watcher:
                continue
            case .writer:
                guard client.rate > 0 else { continue }
                active = true
                let due = Int(Double(now - client.paceStart) * client.rate / 1e6)
                if due - client.paceSent > max(10, Int(client.rate / 10)) {
                    client.paceSent = due - 1
                }
                while client.paceSent < due, !(target == .server && client.hasInFlight) {
                    client.paceSent += 1
                    sendUpdate(client)
                }
            case .dragger(let number):
                guard draggingActive else { continue }
                active = true
                let due = Int(Double(now - client.paceStart) * dragRate / 1e6)
                if client.paceSent < due {
                    client.paceSent = due
                    sendDragOver(client, number: number, now: now)
                }
            }
        }
        if active { armTick() }
    }

    private func sendUpdate(_ client: LoadClient) {
        let now = LoadClock.micros()
        counters.sent += 1
        switch target {
        case .server:
            client.seq += 1
            client.hasInFlight = true
            client.inFlightSince = now
            client.connection?.send(
                text: LoadFrames.update(seq: client.seq, base: client.version, item: client.item, sentAt: now))
        case .relay, .nodeRelay:
            client.seq += 1
            client.connection?.send(
                text: LoadFrames.relayedUpdate(
                    version: client.seq, client: client.clientID, item: client.item, sentAt: now))
        }
    }

    private func sendDragOver(_ client: LoadClient, number: Int, now: Int64) {
        client.dragStep += 1
        let slot = client.dragStep % (dragTimes?.slots ?? 1)
        dragTimes?.record(dragger: number, slot: slot, micros: now)
        counters.sent += 1
        switch target {
        case .server:
            client.connection?.send(
                text: LoadFrames.dragOver(item: client.item, base: client.version, from: number, to: slot))
        case .relay, .nodeRelay:
            client.connection?.send(
                text: LoadFrames.relayedDragOver(
                    client: client.clientID, item: client.item, version: client.version, from: number, to: slot))
        }
    }

    private func noteError(_ text: String) {
        counters.errors += 1
        if firstErrors.count < 5 { firstErrors.append(text) }
    }

    // MARK: Events

    func handle(_ event: ClientEvent, for client: LoadClient, on connection: ClientConnection) {
        if client.connection == nil, client.opening { client.connection = connection }
        guard connection === client.connection else { return }
        switch event {
        case .opened:
            client.opening = false
            pendingConnects -= 1
            pumpConnects()
            switch target {
            case .server:
                connection.send(
                    text: LoadFrames.hello(client: client.clientID, since: client.version > 0 ? client.version : nil))
            case .relay, .nodeRelay:
                client.isOpen = true
                client.isSetUp = true
            }
        case .text(let bytes):
            bytes.withUnsafeBytes { handleMessage($0, binary: false, for: client, on: connection) }
        case .binary(let bytes):
            bytes.withUnsafeBytes { handleMessage($0, binary: true, for: client, on: connection) }
        case .closed(let code, let reason):
            client.opening = false
            client.isOpen = false
            if reconnects {
                counters.disconnects += 1
                scheduleReconnect(client)
            } else if code != 1000 {
                noteError("closed \(code.map(String.init) ?? "-") \(reason)")
            }
        case .connectFailed(let failure):
            client.opening = false
            client.isOpen = false
            pendingConnects -= 1
            pumpConnects()
            if reconnects {
                scheduleReconnect(client)
            } else {
                noteError("connect failed: \(failure)")
            }
        }
    }

    /// One received message, read in place.
    func handleMessage(
        _ bytes: UnsafeRawBufferPointer, binary: Bool, for client: LoadClient, on connection: ClientConnection
    ) {
        if client.connection == nil, client.opening { client.connection = connection }
        guard connection === client.connection else { return }
        if binary {
            noteError("binary frame")
        } else {
            received(LoadMessageScanner(bytes: bytes), by: client)
        }
    }

    private func scheduleReconnect(_ client: LoadClient) {
        client.connection = nil
        client.hasInFlight = false
        context.schedule(after: 0.02 + Double.random(in: 0..<0.01)) { [self] in
            guard reconnects, client.connection == nil else { return }
            open(client)
        }
    }

    private func received(_ message: LoadMessageScanner, by client: LoadClient) {
        let now = LoadClock.micros()
        switch message.kind {
        case .welcome:
            client.version = max(client.version, message.highestVersion ?? 0)
            client.isOpen = true
            if case .watcher = client.role { client.isSetUp = true }
            noteCatchUp(client, now: now)
        case .ack:
            counters.acks += 1
            client.hasInFlight = false
            if let version = message.version {
                client.version = max(client.version, version)
                boardVersions[client.board] = max(boardVersions[client.board] ?? 0, version)
            }
            if let since = client.inFlightSince {
                ackLatency.add(now - since)
                client.inFlightSince = nil
            }
            if !client.isSetUp {
                client.isSetUp = true
                setupHead += 1
                advanceSetup()
            } else if client.closedLoop {
                sendUpdate(client)
            } else if client.rate > 0 {
                let due = Int(Double(now - client.paceStart) * client.rate / 1e6)
                if client.paceSent < due {
                    client.paceSent += 1
                    sendUpdate(client)
                }
            }
        case .op:
            counters.delivered += 1
            if let version = message.version, target == .server { client.version = max(client.version, version) }
            if let sentAt = message.labelTime { delivery.add(now - sentAt) }
            noteCatchUp(client, now: now)
        case .drag:
            let drag = message.dragFields
            guard drag.isOver else { return }
            counters.delivered += 1
            if let number = drag.itemNumber, let slot = drag.targetIndex,
                let sentAt = dragTimes?.sentAt(dragger: number, slot: slot)
            {
                delivery.add(now - sentAt)
            }
        case .error:
            noteError(message.prefixText(200))
            client.hasInFlight = false
        case .other:
            break
        }
    }

    private func noteCatchUp(_ client: LoadClient, now: Int64) {
        if client.caughtUpAt == 0, isCaughtUp(client) { client.caughtUpAt = now }
    }

    private func isCaughtUp(_ client: LoadClient) -> Bool {
        client.isOpen && client.version >= client.catchUpVersion
    }

    /// The highest version a client of this context has seen of each board.
    func highestVersionsByBoard() -> [String: Int] {
        var versions: [String: Int] = [:]
        for client in clients { versions[client.board] = max(versions[client.board] ?? 0, client.version) }
        return versions
    }

    /// Takes `catchUpVersions` (every board's version over all contexts) as the versions to catch
    /// up to and forgets earlier catch-up times (before a restart).
    func resetCatchUp(to catchUpVersions: [String: Int]) {
        for client in clients {
            client.catchUpVersion = catchUpVersions[client.board] ?? Int.max
            client.caughtUpAt = 0
        }
    }
}

/// Carries a result from the service thread back to the waiting thread.
private final class SyncBox<Value>: @unchecked Sendable {
    var value: Value?
}
