import BoardClientApp
import Foundation
import Locking
import WebSocketTransport

#if canImport(Glibc)
    import Glibc
#endif

/// The only meeting point of the network thread and the app loop: connection events (tagged with
/// their connection's generation) and the answers to fetches are put in a locked queue, and a
/// byte on a pipe wakes the loop, which polls the pipe together with the terminal.
final class NetworkInbox: Sendable {
    /// One thing the network thread hands over.
    enum Item: Sendable {
        case connection(generation: Int, ClientEvent)
        /// A connection attempt failed, for the reason a diagnosis found.
        case connectFailed(generation: Int, ConnectionProblem)
        case fetched(AppFetch, FetchResult)
    }

    private let queue = Locked<[Item]>([])
    let wakeReadDescriptor: Int32
    private let wakeWriteDescriptor: Int32

    init() {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) != 0 { descriptors = [-1, -1] }
        for descriptor in descriptors where descriptor >= 0 {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        wakeReadDescriptor = descriptors[0]
        wakeWriteDescriptor = descriptors[1]
    }

    /// Called on the network thread.
    func deliver(_ item: Item) {
        queue.withLock { $0.append(item) }
        var byte: UInt8 = 1
        _ = write(wakeWriteDescriptor, &byte, 1)
    }

    /// Empties the wake-up pipe and returns everything queued.
    func drain() -> [Item] {
        var scratch = [UInt8](repeating: 0, count: 256)
        while read(wakeReadDescriptor, &scratch, scratch.count) > 0 {}
        return queue.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }

    /// A handler for one connection attempt to `endpoints`, tagging its events with `generation`.
    func handler(generation: Int, endpoints: ServerEndpoints) -> some ClientConnectionHandler {
        InboxHandler(inbox: self, generation: generation, endpoints: endpoints)
    }
}

private final class InboxHandler: ClientConnectionHandler, Sendable {
    let inbox: NetworkInbox
    let generation: Int
    let endpoints: ServerEndpoints

    init(inbox: NetworkInbox, generation: Int, endpoints: ServerEndpoints) {
        self.inbox = inbox
        self.generation = generation
        self.endpoints = endpoints
    }

    /// Events go to the inbox as they come; a failed attempt first gets its reason, found off the
    /// network thread (the probes take up to a few seconds).
    func connection(_ connection: ClientConnection, didReceive event: ClientEvent) {
        guard case .connectFailed(let error) = event else {
            inbox.deliver(.connection(generation: generation, event))
            return
        }
        let (inbox, generation, endpoints) = (inbox, generation, endpoints)
        DispatchQueue.global().async {
            inbox.deliver(.connectFailed(generation: generation, ConnectDiagnosis.problem(error, endpoints: endpoints)))
        }
    }
}
