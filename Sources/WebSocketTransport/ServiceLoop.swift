import CLibEV
import CWebSockets
import Glibc
import Locking

/// Identifies a timer scheduled on a service loop so it can be cancelled.
public struct TimerID: Hashable, Sendable {
    let value: UInt64
}

/// The cross-thread inbox, timers and thread identity shared by the server and the client
/// contexts. Everything except `post` and `isStopped` runs on the service thread.
///
/// The context runs on an epoll loop of its own (libev, through libwebsockets' event-library
/// plugin) when the plugin is there, so a turn costs what the ready sockets cost; libwebsockets'
/// own loop polls every socket on every turn, which dominates a server with thousands of mostly
/// quiet connections. Without the plugin the context uses libwebsockets' poll loop.
final class ServiceLoop: @unchecked Sendable {
    private struct Inbox {
        var work: [@Sendable () -> Void] = []
        /// The context's address (a plain integer keeps the inbox Sendable).
        var contextAddress = 0
        var closed = false

        var context: OpaquePointer? { OpaquePointer(bitPattern: contextAddress) }
    }

    private struct Timer {
        let deadline: UInt64
        let id: UInt64
        let work: () -> Void
    }

    private let inbox = Locked(Inbox())
    private var timers: [Timer] = []
    private var nextTimerID: UInt64 = 1
    private var armedDeadline: UInt64?
    private let timerCell: UnsafeMutablePointer<bs_timer>
    private let serviceThread = Locked<pthread_t?>(nil)
    private(set) var context: OpaquePointer?
    /// The epoll loop the context runs on, or nil for libwebsockets' poll loop.
    private var eventLoop: UnsafeMutableRawPointer?
    /// The `foreign_loops` array handed to libwebsockets (one loop, one service thread).
    private let foreignLoops: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    /// The timer of `timers` on the epoll loop. libwebsockets' libev glue re-arms its own timer
    /// only when that timer is idle, so a deadline sooner than one already armed would wait
    /// for the later one; this watcher belongs to the loop alone.
    private let eventTimer: UnsafeMutablePointer<bs_ev_timer>

    init() {
        timerCell = .allocate(capacity: 1)
        timerCell.initialize(to: bs_timer())
        foreignLoops = .allocate(capacity: 1)
        foreignLoops.initialize(to: nil)
        eventTimer = .allocate(capacity: 1)
        eventTimer.initialize(to: bs_ev_timer())
    }

    deinit {
        timerCell.deinitialize(count: 1)
        timerCell.deallocate()
        foreignLoops.deallocate()
        if let eventLoop {
            bs_ev_timer_stop(eventLoop, eventTimer)
            bs_ev_loop_destroy(eventLoop)
        }
        eventTimer.deallocate()
    }

    /// Creates the context from `info`, on an epoll loop when libwebsockets can load its libev
    /// plugin, otherwise on its poll loop; nil when neither works.
    func createContext(_ info: inout lws_context_creation_info) -> OpaquePointer? {
        if let loop = bs_ev_loop_new_epoll() {
            var evented = info
            foreignLoops.pointee = loop
            evented.options |= UInt64(LWS_SERVER_OPTION_LIBEV)
            evented.foreign_loops = foreignLoops
            if let context = lws_create_context(&evented) {
                eventLoop = loop
                bs_ev_timer_init(eventTimer, Unmanaged.passUnretained(self).toOpaque(), serviceLoopEventTimerFired)
                return context
            }
            foreignLoops.pointee = nil
            bs_ev_loop_destroy(loop)
        }
        return lws_create_context(&info)
    }

    /// Whether the context runs on the epoll loop.
    var usesEpoll: Bool { eventLoop != nil }

    /// Attaches the created context; later `post` calls wake it.
    func attach(_ context: OpaquePointer) {
        self.context = context
        timerCell.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
        let address = Int(bitPattern: UnsafeRawPointer(context))
        inbox.withLock { $0.contextAddress = address }
    }

    /// Marks the calling thread as the one servicing the context.
    func adoptCurrentThread() {
        serviceThread.withLock { $0 = pthread_self() }
    }

    var isOnServiceThread: Bool {
        serviceThread.withLock { thread in
            thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
        }
    }

    /// Queues work for the service thread and wakes it. Returns false once the loop has ended.
    @discardableResult
    func post(_ work: @Sendable @escaping () -> Void) -> Bool {
        inbox.withLock { inbox in
            guard !inbox.closed else { return false }
            inbox.work.append(work)
            if let context = inbox.context { lws_cancel_service(context) }
            return true
        }
    }

    /// Wakes the loop without queuing work.
    func wake() {
        inbox.withLock { inbox in
            if let context = inbox.context { lws_cancel_service(context) }
        }
    }

    /// Runs everything posted so far; returns whether there was anything.
    func drainInbox() -> Bool {
        let work = inbox.withLock { inbox in
            let work = inbox.work
            inbox.work.removeAll()
            return work
        }
        work.forEach { $0() }
        return !work.isEmpty
    }

    /// One turn: wait for and handle network events, timers and wake-ups.
    func serviceOnce() {
        guard let context else { return }
        if let eventLoop {
            bs_ev_run_once(eventLoop)
        } else {
            _ = lws_service(context, 0)
        }
    }

    /// Detaches and destroys the context on the service thread; later posts are dropped.
    func destroyContext() {
        guard let context else { return }
        inbox.withLock { inbox in
            inbox.contextAddress = 0
            inbox.closed = true
            inbox.work.removeAll()
        }
        bs_timer_cancel(context, timerCell)
        timers.removeAll()
        lws_context_destroy(context)
        self.context = nil
        if let eventLoop {
            bs_ev_timer_stop(eventLoop, eventTimer)
            bs_ev_loop_destroy(eventLoop)
            self.eventLoop = nil
            foreignLoops.pointee = nil
        }
    }

    // MARK: Timers (service thread)

    func schedule(after seconds: Double, _ work: @escaping () -> Void) -> TimerID {
        let delay = UInt64(max(0, seconds) * 1_000_000_000)
        let id = nextTimerID
        nextTimerID += 1
        let timer = Timer(deadline: monotonicNanoseconds() + delay, id: id, work: work)
        let index = timers.firstIndex { $0.deadline > timer.deadline } ?? timers.endIndex
        timers.insert(timer, at: index)
        armEarliest()
        return TimerID(value: id)
    }

    func cancel(_ id: TimerID) {
        timers.removeAll { $0.id == id.value }
    }

    fileprivate func fireDueTimers() {
        armedDeadline = nil
        let now = monotonicNanoseconds()
        let dueCount = timers.prefix { $0.deadline <= now }.count
        let due = timers.prefix(dueCount)
        timers.removeFirst(dueCount)
        due.forEach { $0.work() }
        armEarliest()
    }

    private func armEarliest() {
        guard let context, let first = timers.first else { return }
        if let armed = armedDeadline, armed <= first.deadline { return }
        let now = monotonicNanoseconds()
        let micros = first.deadline > now ? Int64((first.deadline - now + 999) / 1000) : 1
        armedDeadline = first.deadline
        if let eventLoop {
            bs_ev_timer_arm(eventLoop, eventTimer, Double(max(1, micros)) / 1e6)
        } else {
            bs_timer_schedule(context, timerCell, serviceLoopTimerFired, max(1, micros))
        }
    }
}

private func serviceLoopEventTimerFired(_ owner: UnsafeMutableRawPointer?) {
    guard let owner else { return }
    Unmanaged<ServiceLoop>.fromOpaque(owner).takeUnretainedValue().fireDueTimers()
}

private func serviceLoopTimerFired(_ sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?) {
    guard let sul, let owner = bs_timer_owner(sul) else { return }
    Unmanaged<ServiceLoop>.fromOpaque(owner).takeUnretainedValue().fireDueTimers()
}

func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}
