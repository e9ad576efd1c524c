// The WebAssembly module's entry points. Built only by the Makefile's wasm rule, as one module
// with the BoardSyncBrowser sources (never by SwiftPM). Text crosses as (pointer, length) in
// linear memory: the host allocates input with `bs_alloc`, writes UTF-8 and passes it; every
// answer is a block the host reads and then frees with `bs_free`: a little-endian UInt32 byte
// count followed by that many bytes of UTF-8 JSON.

/// The instance's sessions. The module runs on one thread; nothing else touches this.
nonisolated(unsafe) private var sessions = BrowserSessions()

/// Room for `count` bytes of input, at least 1; free it with `bs_free`.
@_expose(wasm, "bs_alloc")
@_cdecl("bs_alloc")
func allocateBytes(_ count: Int32) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer.allocate(byteCount: max(Int(count), 1), alignment: 8)
}

/// Frees input from `bs_alloc` or an answer block.
@_expose(wasm, "bs_free")
@_cdecl("bs_free")
func freeBytes(_ pointer: UnsafeMutableRawPointer?) {
    pointer?.deallocate()
}

/// Opens a session from its parameters JSON; the answer holds its `session` handle.
@_expose(wasm, "bs_open")
@_cdecl("bs_open")
func openSession(_ pointer: UnsafeRawPointer?, _ count: Int32) -> UnsafeMutableRawPointer {
    answerBlock(sessions.open(inputBytes(pointer, count)))
}

/// Hands a server message (wire JSON) to a session.
@_expose(wasm, "bs_receive")
@_cdecl("bs_receive")
func receiveMessage(_ session: Int32, _ pointer: UnsafeRawPointer?, _ count: Int32) -> UnsafeMutableRawPointer {
    answerBlock(sessions.receive(session: Int(session), inputBytes(pointer, count)))
}

/// Hands an intent (JSON) to a session.
@_expose(wasm, "bs_perform")
@_cdecl("bs_perform")
func performIntent(_ session: Int32, _ pointer: UnsafeRawPointer?, _ count: Int32) -> UnsafeMutableRawPointer {
    answerBlock(sessions.perform(session: Int(session), inputBytes(pointer, count)))
}

/// What a session keeps for a reload to lose nothing: its `SavedSession` JSON form, or `null`.
@_expose(wasm, "bs_saved")
@_cdecl("bs_saved")
func savedSession(_ session: Int32) -> UnsafeMutableRawPointer {
    answerBlock(sessions.saved(session: Int(session)))
}

/// Closes a session: 1 when it was open, 0 otherwise.
@_expose(wasm, "bs_close")
@_cdecl("bs_close")
func closeSession(_ session: Int32) -> Int32 {
    sessions.close(session: Int(session)) ? 1 : 0
}

/// Decodes wire text of one kind (0 client message, 1 server message, 2 op, 3 board) and
/// encodes it again, for checking the codec against the golden fixtures. Not marked for export:
/// only the check module's link exports it (`--export=bs_canonical`), so the page's module
/// carries neither it nor the encoders and decoders only it needs.
@_cdecl("bs_canonical")
func canonicalWire(_ kind: Int32, _ pointer: UnsafeRawPointer?, _ count: Int32) -> UnsafeMutableRawPointer {
    guard let kind = CanonicalWire.Kind(rawValue: Int(kind)) else {
        return answerBlock(errorJSON("unknown kind \(kind)"))
    }
    return answerBlock(CanonicalWire.roundTrip(kind, inputBytes(pointer, count)))
}

private func inputBytes(_ pointer: UnsafeRawPointer?, _ count: Int32) -> [UInt8] {
    guard let pointer, count > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: pointer, count: Int(count)))
}

/// The answer as a length-prefixed block the host frees.
private func answerBlock(_ bytes: [UInt8]) -> UnsafeMutableRawPointer {
    let block = UnsafeMutableRawPointer.allocate(byteCount: 4 + bytes.count, alignment: 8)
    let count = UInt32(bytes.count)
    for offset in 0..<4 {
        block.storeBytes(of: UInt8(truncatingIfNeeded: count >> (8 * offset)), toByteOffset: offset, as: UInt8.self)
    }
    bytes.withUnsafeBytes { source in
        if let base = source.baseAddress { (block + 4).copyMemory(from: base, byteCount: source.count) }
    }
    return block
}
