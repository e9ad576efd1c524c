import Foundation

/// The status line and headers of an HTTP/1.x answer, once all of them have arrived, and where
/// the body they announce ends.
struct HTTPAnswerHead: Equatable {
    /// The status code; nil when the first line is not an HTTP/1.x status line.
    let status: Int?
    /// The `Content-Length`, when the answer has one.
    let contentLength: Int?
    /// Bytes up to and including the blank line after the headers.
    let headLength: Int
    /// Whether the body comes in chunks (`Transfer-Encoding: chunked`).
    let chunked: Bool
    /// Whether the receiver keeps the connection open after this answer: HTTP/1.1 unless it
    /// says `Connection: close`, HTTP/1.0 only with `Connection: keep-alive`.
    let keepsOpen: Bool

    /// Nil until `bytes` hold the whole head.
    init?(_ bytes: [UInt8]) {
        let end: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4,
            let index = (0...(bytes.count - 4)).first(where: { bytes[$0..<($0 + 4)].elementsEqual(end) })
        else { return nil }
        headLength = index + 4
        let lines = String(decoding: bytes[0..<index], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", maxSplits: 2)
        if parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let code = Int(parts[1]) {
            status = code
        } else {
            status = nil
        }
        var length: Int?
        var connection: [String] = []
        var chunked = false
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces).lowercased()
            switch line[..<colon].lowercased() {
            case "content-length": length = Int(value)
            case "connection": connection += value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            case "transfer-encoding": chunked = value.hasSuffix("chunked")
            default: break
            }
        }
        contentLength = length
        self.chunked = chunked
        keepsOpen =
            parts.first == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")
    }

    /// Where the answer in `bytes` (its head included) ends once its body has arrived whole; nil
    /// while more is to come, and always for a body that only the end of the connection ends.
    func bodyEnd(in bytes: [UInt8]) -> Int? {
        if let status, (100..<200).contains(status) || status == 204 || status == 304 { return headLength }
        if chunked { return Self.chunksEnd(in: bytes, from: headLength) }
        if let contentLength {
            return bytes.count >= headLength + contentLength ? headLength + contentLength : nil
        }
        return nil
    }

    /// Where a chunked body starting at `start` ends (after the last chunk and its trailer), or
    /// nil while it has not arrived whole or cannot be read.
    private static func chunksEnd(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while let sizeEnd = Self.lineEnd(in: bytes, from: index) {
            let sizeText = String(decoding: bytes[index..<sizeEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0,
                size <= bytes.count
            else { return nil }
            index = sizeEnd + 2
            if size == 0 {
                while let trailerEnd = Self.lineEnd(in: bytes, from: index) {
                    if trailerEnd == index { return index + 2 }
                    index = trailerEnd + 2
                }
                return nil
            }
            index += size + 2
        }
        return nil
    }

    /// The index of the CR of the first CRLF at or after `start`.
    private static func lineEnd(in bytes: [UInt8], from start: Int) -> Int? {
        guard start + 1 < bytes.count else { return nil }
        return (start..<(bytes.count - 1)).first { bytes[$0] == 13 && bytes[$0 + 1] == 10 }
    }
}
