import BoardSync

/// A client id is stored as its text.
extension ClientID: SQLiteBindable {
    public func bind(to handle: OpaquePointer, at index: Int32) -> Int32 {
        rawValue.bind(to: handle, at: index)
    }
}
