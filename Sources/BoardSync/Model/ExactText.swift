/// Texts compared as the protocol keeps them: labels, titles and user names are stored and sent
/// back exactly as received, with no normalization (section 2), so two texts are the same only
/// when their UTF-8 bytes are. (Swift's `==` on `String` also calls canonically equivalent texts
/// equal, such as "é" written precomposed or as "e" plus a combining accent.) What a client shows
/// is compared this way on every build, so the WebAssembly module, which leaves Unicode's
/// normalization tables out, decides exactly what the server and the terminal decide.
enum ExactText {
    /// Whether `a` and `b` hold the same UTF-8 bytes.
    static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
    }

    /// Feeds the UTF-8 bytes of `text` and their count to `hasher`.
    static func hash(_ text: String, into hasher: inout Hasher) {
        hasher.combine(text.utf8.count)
        for byte in text.utf8 { hasher.combine(byte) }
    }
}
