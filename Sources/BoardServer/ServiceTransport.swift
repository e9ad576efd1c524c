/// The network side `board-server` serves through: it listens where the command line says, turns
/// connections and requests into the service's events (`BoardService`'s entry points), and runs
/// the service thread. board-server's executable wires in the WebSocket server; the library
/// knows only this, so its tests need no socket library.
package protocol ServiceTransport: ServiceHost {
    /// The bound port, once listening.
    var port: Int { get }
    /// Binds the address; throws when it cannot (the port is taken, the certificate is bad).
    func listen() throws
    /// Runs the service thread on the calling thread until `stop`.
    func run() throws
    /// Closes every connection with `closeCode`, then ends `run`; from any thread.
    func stop(closeCode: UInt16)
}
