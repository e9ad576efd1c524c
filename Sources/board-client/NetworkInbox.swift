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

    /// A handler for one connection attempt, tagging its events with `generation`.
    func handler(generation: Int) -> some ClientConnectionHandler {
        InboxHandler(inbox: self, generation: generation)
    }
}

private final class InboxHandler: ClientConnectionHandler, Sendable {
    let inbox: NetworkInbox
    let generation: Int

    init(inbox: NetworkInbox, generation: Int) {
        self.inbox = inbox
        self.generation = generation
    }

    func connection(_ connection: ClientConnection, didReceive event: ClientEvent) {
        inbox.deliver(.connection(generation: generation, event))
    }
}
