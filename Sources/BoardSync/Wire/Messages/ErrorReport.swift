extension ServerMessage {
    /// An `error` message: a refused message, with the `seq` of a refused submit (and the `index`
    /// of the failing member of a refused group) and the `item` of a refused drag.
    public struct ErrorReport: Hashable, Sendable {
        public var code: ErrorCode
        public var message: String
        public var seq: Int?
        public var item: ItemID?
        /// For a refused group: the position of the member that failed in the submitted list.
        public var index: Int?

        public init(code: ErrorCode, message: String, seq: Int? = nil, item: ItemID? = nil, index: Int? = nil) {
            self.code = code
            self.message = message
            self.seq = seq
            self.item = item
            self.index = index
        }

        /// The `bad_message` answer to input that the codec refused.
        public init(refusing error: WireError) {
            self.init(code: error.code, message: error.message)
        }

        /// The `bad_message` answer to a client message the codec refused, with its submit's seq.
        public init(refusing refusal: ClientMessageRefusal) {
            self.init(code: refusal.error.code, message: refusal.error.message, seq: refusal.seq)
        }
    }
}
