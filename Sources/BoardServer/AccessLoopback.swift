/// Loopback addresses: where the server may run without tokens and who may read `/metrics`
/// without the metrics token.
enum AccessLoopback {
    /// `localhost`, `::1` (bracketed or not), 127.0.0.0/8, and 127.0.0.0/8 mapped into IPv6.
    static func isLoopback(_ address: String) -> Bool {
        var text = address.lowercased()
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        if text == "localhost" || text == "::1" || text == "0:0:0:0:0:0:0:1" { return true }
        if text.hasPrefix("::ffff:") { text = String(text.dropFirst("::ffff:".count)) }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
                && Int(part).map { $0 <= 255 } == true
        }
    }
}
