import WebSocketTransport

/// What the generator aims at: the board server (protocol v1, acks), the bare libwebsockets relay
/// or the plain Node.js relay. Both relays forward what they receive, so they get the same frames.
enum LoadTarget: String, Sendable, CaseIterable {
    case server, relay
    case nodeRelay = "node-relay"
}

/// What one simulated client does besides receiving.
enum LoadRole: Sendable {
    /// Only receives.
    case watcher
    /// Keeps updating the label of its own item.
    case writer
    /// Drags its own item `d<number>` back and forth.
    case dragger(number: Int)

    var isWatcher: Bool {
        if case .watcher = self { true } else { false }
    }
}

/// A client a scenario asks for: its board, its id and what it does.
struct LoadClientSpec: Sendable {
    let board: String
    let clientID: String
    let role: LoadRole
    /// The local address it connects from; nil for the system's choice.
    var sourceAddress: String? = nil
}

/// One simulated client: its connection and protocol state. Lives on the context's service
/// thread; events go straight to the driver.
final class LoadClient: ClientConnectionHandler {
    let board: String
    let clientID: String
    let role: LoadRole
    let sourceAddress: String?
    unowned let driver: LoadDriver

    var connection: ClientConnection?
    /// A connection attempt is under way.
    var opening = false
    /// Welcomed (server) or open (relay).
    var isOpen = false
    /// Its item exists (writers and draggers) and it may start working.
    var isSetUp = false
    /// Highest board version seen.
    var version = 0
    var seq = 0
    /// Send time of the unanswered submit, when it is a measured one.
    var inFlightSince: Int64?
    var hasInFlight = false
    /// Paced sending: operations per second, the pace's start and how many were sent since.
    var rate = 0.0
    var paceStart: Int64 = 0
    var paceSent = 0
    /// Sends the next update as soon as the previous one is acknowledged.
    var closedLoop = false
    var dragStep = 0
    /// Time this client was last brought up to the driver's catch-up version.
    var caughtUpAt: Int64 = 0

    init(board: String, clientID: String, role: LoadRole, sourceAddress: String?, driver: LoadDriver) {
        self.board = board
        self.clientID = clientID
        self.role = role
        self.sourceAddress = sourceAddress
        self.driver = driver
    }

    var item: String {
        switch role {
        case .dragger(let number): "d\(number)"
        default: "i-\(clientID)"
        }
    }

    /// Catch-up target: the version this client must reach to count as caught up.
    var catchUpVersion = Int.max

    func connection(_ connection: ClientConnection, didReceive event: ClientEvent) {
        driver.handle(event, for: self, on: connection)
    }

    /// Messages are read in place, without copying them into an event.
    func connection(_ connection: ClientConnection, didReceiveMessage bytes: UnsafeRawBufferPointer, binary: Bool) {
        driver.handleMessage(bytes, binary: binary, for: self, on: connection)
    }
}
