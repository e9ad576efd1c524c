/// A board's full state at one version, as encoded JSON text.
public struct BoardSnapshot: Sendable, Hashable {
    /// The version the snapshot describes (0 for a newly created board).
    public var version: Int
    /// The snapshot JSON, exactly as the server encoded it.
    public var json: String

    /// Creates a snapshot record.
    public init(version: Int, json: String) {
        self.version = version
        self.json = json
    }
}
