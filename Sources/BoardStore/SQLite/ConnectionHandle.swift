import CSQLite

/// The raw `sqlite3*` shared by a `Database` and its statements.
///
/// Statements hold this instead of the `Database`, so the statement cache forms no reference
/// cycle and a statement can tell that its connection was closed.
final class ConnectionHandle {
    private(set) var pointer: OpaquePointer?

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        close()
    }

    /// Closes the connection; SQLite finishes closing once the last statement is finalized.
    func close() {
        if let pointer {
            sqlite3_close_v2(pointer)
        }
        pointer = nil
    }
}
