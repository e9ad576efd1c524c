import BoardSync

/// A client id is sent as its text.
extension ClientID: PostgresBindable {
    public var postgresText: String? { rawValue }
}
