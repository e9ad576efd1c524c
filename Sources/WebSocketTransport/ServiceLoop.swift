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
///
/// On the epoll loop, posts wake the thread through an eventfd of the loop's own rather than
/// `lws_cancel_service`: libwebsockets answers every event it handles by starting an idle
/// watcher, which costs one more zero-timeout `epoll_wait` per wake-up, and a post needs none
/// of the library's service.
final class ServiceLoop: @unchecked Sendable {
    private struct Inbox {
        var work: [@Sendable () -> Void] = []
        /// The context's address (a plain integer keeps the inbox Sendable).
        var contextAddress = 0
        var closed = false
        /// The eventfd that wakes the epoll loop, or -1 when posts wake the context instead.
        var wakeDescriptor: Int32 = -1
        /// Whether the eventfd was written and not yet read, so further posts need not write.
        var wakePending = false

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
    /// The watcher of the wake-up eventfd on the epoll loop.
    private let wakeReader: UnsafeMutablePointer<bs_ev_reader>
    /// The wake-up eventfd; closed only when the loop is freed, since a post may still write
    /// to it after reading it under the lock.
    private var wakeDescriptor: Int32 = -1

    init() {
        timerCell = .allocate(capacity: 1)
        timerCell.initialize(to: bs_timer())
        foreignLoops = .allocate(capacity: 1)
        foreignLoops.initialize(to: nil)
        eventTimer = .allocate(capacity: 1)
        eventTimer.initialize(to: bs_ev_timer())
        wakeReader = .allocate(capacity: 1)
        wakeReader.initialize(to: bs_ev_reader())
    }

    deinit {
        timerCell.deinitialize(count: 1)
        timerCell.deallocate()
        foreignLoops.deallocate()
        if let eventLoop {
            bs_ev_timer_stop(eventLoop, eventTimer)
            bs_ev_reader_stop(eventLoop, wakeReader)
            bs_ev_loop_destroy(eventLoop)
        }
        if wakeDescriptor >= 0 { close(wakeDescriptor) }
        eventTimer.deallocate()
        wakeReader.deallocate()
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
                let owner = Unmanaged.passUnretained(self).toOpaque()
                bs_ev_timer_init(eventTimer, owner, serviceLoopEventTimerFired)
                let descriptor = bs_wake_descriptor_new()
                if descriptor >= 0 {
                    wakeDescriptor = descriptor
                    bs_ev_reader_start(loop, wakeReader, descriptor, owner, serviceLoopWokenUp)
                }
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
        let descriptor = wakeDescriptor
        inbox.withLock {
            $0.contextAddress = address
            $0.wakeDescriptor = descriptor
        }
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
        let wakeDescriptor = inbox.withLock { inbox -> Int32? in
            guard !inbox.closed else { return nil }
            inbox.work.append(work)
            return Self.wakeUp(&inbox)
        }
        guard let wakeDescriptor else { return false }
        Self.signal(wakeDescriptor)
        return true
    }

    /// Wakes the loop without queuing work.
    func wake() {
        Self.signal(inbox.withLock { Self.wakeUp(&$0) })
    }

    /// Wakes the service thread (called with the inbox locked): through the context, or by
    /// returning the eventfd to write once the lock is released (-1 when it is written already),
    /// so that the woken thread does not wait for the lock the poster still holds.
    private static func wakeUp(_ inbox: inout Inbox) -> Int32 {
        if inbox.wakeDescriptor >= 0 {
            guard !inbox.wakePending else { return -1 }
            inbox.wakePending = true
            return inbox.wakeDescriptor
        }
        if let context = inbox.context { lws_cancel_service(context) }
        return -1
    }

    private static func signal(_ wakeDescriptor: Int32) {
        guard wakeDescriptor >= 0 else { return }
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, MemoryLayout<UInt64>.size)
    }

    /// Reads the wake-up eventfd once it is readable (service thread, inside the loop's turn);
    /// the inbox is drained after the turn as for any other wake-up. The count is read before
    /// the flag is cleared, so a post that finds the flag set always has its work drained.
    fileprivate func wokenUp() {
        var count: UInt64 = 0
        _ = read(wakeDescriptor, &count, MemoryLayout<UInt64>.size)
        inbox.withLock { $0.wakePending = false }
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
            inbox.wakeDescriptor = -1
            inbox.closed = true
            inbox.work.removeAll()
        }
        bs_timer_cancel(context, timerCell)
        timers.removeAll()
        lws_context_destroy(context)
        self.context = nil
        if let eventLoop {
            bs_ev_timer_stop(eventLoop, eventTimer)
            bs_ev_reader_stop(eventLoop, wakeReader)
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

private func serviceLoopWokenUp(_ owner: UnsafeMutableRawPointer?) {
    guard let owner else { return }
    Unmanaged<ServiceLoop>.fromOpaque(owner).takeUnretainedValue().wokenUp()
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
