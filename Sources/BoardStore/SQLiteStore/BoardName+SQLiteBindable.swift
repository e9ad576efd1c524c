import BoardSync

/// A board name is stored as its text.
extension BoardName: SQLiteBindable {
    public func bind(to handle: OpaquePointer, at index: Int32) -> Int32 {
        rawValue.bind(to: handle, at: index)
    }
}
