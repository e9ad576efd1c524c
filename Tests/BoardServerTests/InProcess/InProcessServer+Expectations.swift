import Testing

extension InProcessServer {
    /// Lets every commit under way finish, then expects that storage never failed and that
    /// every frame the service sent decoded.
    func finish() {
        settle()
        #expect(storageFailures.isEmpty, "storage failed: \(storageFailures)")
        for session in sessions {
            #expect(session.undecodable.isEmpty, "undecodable frames: \(session.undecodable)")
        }
    }
}
