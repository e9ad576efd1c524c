/// What the client machine asks its shell to do after an event: messages to send in order,
/// notices to show, and the update batch that turns the previous view into the new one, with
/// its cause.
public struct ClientOutput: Hashable, Sendable {
    public var send: [ClientMessage] = []
    public var notices: [ClientNotice] = []
    /// The change of `ClientMachine.view`; nil when the view did not change.
    public var batch: UpdateBatch?
    /// Who made the change `batch` shows and what they moved; nil without a batch, and when
    /// nobody in particular did (a welcome, a reconnect, a refused edit).
    public var cause: ChangeCause?
    /// The client's state no longer matches the server's (a gap in versions, a stale base): the
    /// shell must reconnect; the next `hello` carries `since` when a catch-up can work.
    public var reconnect = false

    public init() {}
}

/// Where a client stands with its server connection.
public enum ConnectionPhase: Hashable, Sendable {
    case offline
    case awaitingWelcome
    case live
}
