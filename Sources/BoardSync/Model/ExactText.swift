/// Texts compared as the protocol keeps them: labels, titles and user names are stored and sent
/// back exactly as received, with no normalization (section 2), so two texts are the same only
/// when their UTF-8 bytes are. (Swift's `==` on `String` also calls canonically equivalent texts
/// equal, such as "é" written precomposed or as "e" plus a combining accent.) What a client shows
/// is compared this way on every build, so the WebAssembly module, which leaves Unicode's
/// normalization tables out, decides exactly what the server and the terminal decide.
enum ExactText {
    /// Whether `a` and `b` hold the same UTF-8 bytes.
    static func same(_ a: String, _ b: String) -> Bool {
        if sameRepresentation(a, b) { return true }
        guard a.utf8.count == b.utf8.count else { return false }
        let compared = a.utf8.withContiguousStorageIfAvailable { first in
            b.utf8.withContiguousStorageIfAvailable { second in sameBytes(first, second) }
        }
        return (compared ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }

    /// Whether `a` comes before `b` in the order of their UTF-8 bytes.
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// Whether two strings are one value bit for bit: the same storage, or the same small string
    /// held inline. Equal bits always mean equal bytes, so a label that did not change (the
    /// views' common case) is told apart without reaching its bytes.
    @inline(__always)
    private static func sameRepresentation(_ a: String, _ b: String) -> Bool {
        withUnsafeBytes(of: a) { first in
            withUnsafeBytes(of: b) { second in
                sameBytes(first.assumingMemoryBound(to: UInt8.self), second.assumingMemoryBound(to: UInt8.self))
            }
        }
    }

    /// Whether two buffers hold the same bytes, compared eight at a time (the views compare every
    /// label of a board on each refresh; the field reader compares keys with it too). Always
    /// inlined: a call per label costs the views' refresh a sixth of its time.
    @inline(__always)
    static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let first = a.baseAddress, let second = b.baseAddress, first != second else { return true }
        let count = a.count
        var offset = 0
        while offset &+ 8 <= count {
            let x = UnsafeRawPointer(first).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let y = UnsafeRawPointer(second).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            guard x == y else { return false }
            offset &+= 8
        }
        while offset < count {
            guard first[offset] == second[offset] else { return false }
            offset &+= 1
        }
        return true
    }

    /// Feeds the UTF-8 bytes of `text` and their count to `hasher`, in one piece.
    static func hash(_ text: String, into hasher: inout Hasher) {
        hasher.combine(text.utf8.count)
        let fed: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
        if fed == nil { Array(text.utf8).withUnsafeBytes { hasher.combine(bytes: $0) } }
    }
}
