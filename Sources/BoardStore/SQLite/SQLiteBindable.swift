import CSQLite

/// A Swift value that can be bound to a `?` parameter of a `Statement`.
public protocol SQLiteBindable {
    /// Binds `self` to the 1-based parameter `index` of the prepared statement `handle`.
    func bind(to handle: OpaquePointer, at index: Int32) -> Int32
}

extension Int: SQLiteBindable {
    public func bind(to handle: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(handle, index, Int64(self))
    }
}

extension Int64: SQLiteBindable {
    public func bind(to handle: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(handle, index, self)
    }
}

extension Double: SQLiteBindable {
    public func bind(to handle: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_double(handle, index, self)
    }
}

extension Bool: SQLiteBindable {
    public func bind(to handle: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(handle, index, self ? 1 : 0)
    }
}

extension String: SQLiteBindable {
    /// Binds the exact UTF-8 bytes (embedded NULs included); SQLite copies them.
    public func bind(to handle: OpaquePointer, at index: Int32) -> Int32 {
        var text = self
        return text.withUTF8 { bytes in
            let base = bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
            guard let base else {
                return sqlite3_bind_text(handle, index, "", 0, bs_sqlite_transient())
            }
            return sqlite3_bind_text64(
                handle, index, base, sqlite3_uint64(bytes.count), bs_sqlite_transient(), UInt8(SQLITE_UTF8))
        }
    }
}

extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    /// Binds SQL `NULL` for `nil`, the wrapped value otherwise.
    public func bind(to handle: OpaquePointer, at index: Int32) -> Int32 {
        switch self {
        case .none: sqlite3_bind_null(handle, index)
        case .some(let value): value.bind(to: handle, at: index)
        }
    }
}
