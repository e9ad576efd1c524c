import CLibPQ

/// The libpq keyword/value pairs of a connection: those of the URL, completed by the options.
struct ConnectionParameters {
    private(set) var entries: [(keyword: String, value: String)] = []

    /// Parses `url` (a `postgresql://` URI or a `key=value` string) and adds every option
    /// parameter the URL does not set itself.
    init(url: String, options: PostgresConnectionOptions) throws(PostgresError) {
        var message: UnsafeMutablePointer<CChar>?
        guard let parsed = PQconninfoParse(url, &message) else {
            let text = message.map { String(cString: $0) } ?? "out of memory"
            if let message { PQfreemem(message) }
            throw .invalidURL(PostgresConnection.oneLine(text))
        }
        defer { PQconninfoFree(parsed) }
        var option = parsed
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val {
                entries.append((String(cString: keyword), String(cString: value)))
            }
            option += 1
        }
        for parameter in options.connectionParameters
        where !entries.contains(where: { $0.keyword == parameter.keyword }) {
            entries.append(parameter)
        }
    }

    /// The value of `keyword`, if set.
    func value(of keyword: String) -> String? {
        entries.first { $0.keyword == keyword }?.value
    }

    /// Starts a blocking connection attempt; the caller checks `PQstatus` and owns the result.
    func connect() -> OpaquePointer? {
        withCStringArray(entries.map(\.keyword)) { keywords in
            withCStringArray(entries.map(\.value)) { values in
                PQconnectdbParams(keywords, values, 0)
            }
        }
    }
}
