/// Runs `body` over the bytes of `bytes` in contiguous memory: their own storage when they have
/// one (arrays, slices of them), a copy otherwise. Inlinable, so that a caller in another module
/// gets it specialized for its collection.
@inlinable
func withContiguousBytes<Result, Failure: Error>(
    _ bytes: some Collection<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
) throws(Failure) -> Result {
    let outcome = bytes.withContiguousStorageIfAvailable { buffer in
        Swift.Result { () throws(Failure) -> Result in try body(buffer) }
    }
    if let outcome { return try outcome.get() }
    return try Array(bytes).withUnsafeBufferPointer { buffer throws(Failure) -> Result in try body(buffer) }
}
