extension ServerMessage {
    /// Another client joined or left the board.
    public struct Presence: Hashable, Sendable {
        public var action: PresenceAction
        public var client: ClientID
        public var user: String

        public init(action: PresenceAction, client: ClientID, user: String) {
            self.action = action
            self.client = client
            self.user = user
        }
    }
}
