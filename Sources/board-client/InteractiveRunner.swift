import BoardClientApp
import BoardSync
import Foundation
import TerminalUI
import WebSocketTransport

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive client's shell: a raw terminal, one WebSocket connection at a time, timers,
/// and a loop that turns everything into `AppMessage`s, performs the returned commands and draws
/// at most 60 frames per second, only when asked to.
final class InteractiveRunner {
    static let frameInterval = 1.0 / 60.0
    static let escapeWait = 0.025

    let options: ConnectionOptions
    /// The WebSocket URL connections go to: the board opened last (nil while the picker shows).
    var boardURL: String?
    let inbox = NetworkInbox()
    var model: AppModel!
    var context: ClientContext?
    var connection: ClientConnection?
    var generation = 0
    var connectAt: Double?
    var ticks: [Double] = []
    var frameDue: Double?
    var lastFrame = -Double.infinity
    var escapeDeadline: Double?
    var decoder = InputDecoder()
    var quitting = false
    var queued: [AppMessage] = []
    let renderCache = RenderCache()

    let animates: Bool

    init(options: ConnectionOptions, animates: Bool) {
        self.options = options
        self.animates = animates
        boardURL = options.boardName == nil ? nil : options.url
    }

    func run() -> Int32 {
        let backend = RealTerminal()
        do {
            try TerminalRestorer.installSignalHandlers()
            try backend.enter()
        } catch .notATerminal(let descriptor) {
            let what = TerminalError.notATerminal(descriptor: descriptor)
            FileHandle.standardError.write(
                Data("board-client: \(what): give a script command or run it in a terminal\n".utf8))
            return ScriptStatus.usage.rawValue
        } catch {
            FileHandle.standardError.write(Data("board-client: cannot use the terminal: \(error)\n".utf8))
            return ScriptStatus.failure.rawValue
        }
        defer { backend.restore() }
        do {
            context = try ClientContext(
                configuration: ClientConnectOptionsSource(options: options).contextConfiguration)
        } catch {
            backend.restore()
            FileHandle.standardError.write(
                Data("board-client: \(ClientConnectOptionsSource.contextFailure(error))\n".utf8))
            return ScriptStatus.failure.rawValue
        }
        defer { context?.shutdown() }
        let size = (try? backend.size()) ?? TerminalSize(width: 80, height: 24)
        model = AppModel(
            clientID: ClientID(ProcessIdentity.randomID()), user: options.user, boardName: options.boardName,
            size: size,
            seed: UInt64.random(in: .min ... .max))
        model.isInsecure = options.trust.isInsecure
        model.palette = ColorPalette.detect(environment: ProcessInfo.processInfo.environment)
        model.animator.animates = animates
        model.serverName = options.endpoints.displayName
        model.wallClock = WallClock(
            epochMilliseconds: Int64((Date().timeIntervalSince1970 * 1000).rounded()), monotonic: MonotonicClock.now(),
            utcOffset: TimeZone.current.secondsFromGMT())
        let screen = Terminal(backend: backend)
        perform(model.start(now: MonotonicClock.now()), now: MonotonicClock.now())
        frameDue = 0
        while !quitting {
            waitForSomething(backend)
            let now = MonotonicClock.now()
            collectMessages(backend, now: now)
            var draw = false
            if let due = frameDue, due <= now {
                frameDue = nil
                draw = true
                queued.append(.frame)
            }
            while !queued.isEmpty && !quitting {
                let message = queued.removeFirst()
                perform(model.update(message, now: now), now: now)
            }
            if draw && !quitting {
                lastFrame = now
                do {
                    try screen.draw(AppView.render(model, time: now, cache: renderCache))
                } catch {
                    quitting = true
                }
            }
        }
        connection?.close()
        return ScriptStatus.ok.rawValue
    }

    private func waitForSomething(_ backend: RealTerminal) {
        let now = MonotonicClock.now()
        if let at = connectAt, at <= now { startConnection(now: now) }
        let deadlines = [connectAt, ticks.min(), frameDue, escapeDeadline].compactMap { $0 }
        var timeout: Int32 = -1
        if let next = deadlines.min() { timeout = Int32(max(0, min(60_000, (next - now) * 1000)).rounded(.up)) }
        var descriptors = [
            pollfd(fd: backend.inputDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: TerminalRestorer.resizeNotificationDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: inbox.wakeReadDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
        if descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            do {
                let bytes = try backend.readInput(timeoutMilliseconds: 0)
                queued += decoder.feed(bytes).map(AppMessage.input)
                escapeDeadline = decoder.hasPendingEscape ? MonotonicClock.now() + Self.escapeWait : nil
            } catch {
                quitting = true
            }
        }
    }

    private func collectMessages(_ backend: RealTerminal, now: Double) {
        if let deadline = escapeDeadline, deadline <= now {
            escapeDeadline = nil
            queued += decoder.flushPendingEscape().map(AppMessage.input)
        }
        if TerminalRestorer.consumeResizeNotifications(), let size = try? backend.size() {
            queued.append(.resize(size))
        }
        for item in inbox.drain() {
            if case .connectFailed(let tag, let problem) = item, tag == generation {
                connection = nil
                queued.append(.connectionFailed(problem.failure))
            }
            guard case .connection(let tag, let event) = item else {
                if case .fetched(let fetch, let result) = item { queued.append(.fetched(fetch, result)) }
                continue
            }
            guard tag == generation else { continue }
            switch event {
            case .opened:
                queued.append(.connectionOpened)
            case .text(let bytes):
                if let message = try? WireCodec.decodeServerMessage(bytes) { queued.append(.server(message)) }
            case .binary:
                break
            case .closed(let code, let reason):
                connection = nil
                queued.append(.connectionClosed(code: code.map(Int.init), reason: reason))
            case .connectFailed(let error):
                connection = nil
                queued.append(.connectionFailed(ConnectDiagnosis.problem(error, endpoints: options.endpoints).failure))
            }
        }
        if ticks.contains(where: { $0 <= now }) {
            ticks.removeAll { $0 <= now }
            queued.append(.tick)
        }
    }

    private func startConnection(now: Double) {
        connectAt = nil
        generation += 1
        connection?.close()
        connection = nil
        guard let boardURL else { return }
        do {
            connection = try context?.connect(
                to: boardURL, options: ClientConnectOptionsSource(options: options).connectOptions,
                handler: inbox.handler(generation: generation, endpoints: options.endpoints))
        } catch {
            queued.append(.connectionFailed(ConnectDiagnosis.problem(error, endpoints: options.endpoints).failure))
        }
    }

    private func perform(_ commands: [AppCommand], now: Double) {
        for command in commands {
            switch command {
            case .send(let message):
                connection?.send(textBytes: WireCodec.encode(message))
            case .connect(let delay):
                connectAt = now + delay
            case .disconnect:
                generation += 1
                connection?.close()
                connection = nil
            case .requestFrame:
                if frameDue == nil { frameDue = max(now, lastFrame + Self.frameInterval) }
            case .scheduleTick(let at):
                ticks.append(at)
            case .quit:
                quitting = true
            case .fetch(let fetch):
                guard let context else { continue }
                let inbox = inbox
                HTTPFetcher(options: options, context: context).start(fetch) { inbox.deliver(.fetched(fetch, $0)) }
            case .openBoard(let name):
                generation += 1
                connection?.close()
                connection = nil
                boardURL = options.endpoints.boardURL(name)
            case .leaveBoard:
                generation += 1
                connection?.close()
                connection = nil
                connectAt = nil
                boardURL = nil
            }
        }
    }
}
