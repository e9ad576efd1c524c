#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `body` with a C array of copies of `strings` (`nil` entries stay null pointers), followed
/// by one terminating null pointer; the copies are freed afterwards.
func withCStringArray<Result, Failure: Error>(
    _ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>) throws(Failure) -> Result
) throws(Failure) -> Result {
    let copies: [UnsafeMutablePointer<CChar>?] = strings.map { string in string.flatMap { strdup($0) } }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { $0.map { UnsafePointer($0) } } + [nil]
    return try pointers.withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in
        try body(buffer.baseAddress!)
    }
}
