/// A Swift value that can be sent as a `$n` parameter of a PostgreSQL statement.
///
/// Parameters travel in PostgreSQL's text format with no declared type: the server infers each
/// parameter's type from where it appears (`WHERE version = $1` makes it a bigint), so a
/// parameter with no context needs a cast in the SQL (`SELECT $1::bigint`).
public protocol PostgresBindable {
    /// The text form of the value, or `nil` for SQL `NULL`.
    var postgresText: String? { get }
}

extension Int: PostgresBindable {
    public var postgresText: String? { String(self) }
}

extension Int64: PostgresBindable {
    public var postgresText: String? { String(self) }
}

extension Int32: PostgresBindable {
    public var postgresText: String? { String(self) }
}

extension Bool: PostgresBindable {
    public var postgresText: String? { self ? "true" : "false" }
}

extension String: PostgresBindable {
    public var postgresText: String? { self }
}

extension Optional: PostgresBindable where Wrapped: PostgresBindable {
    /// `NULL` for `nil`, the wrapped value otherwise.
    public var postgresText: String? {
        switch self {
        case .none: nil
        case .some(let value): value.postgresText
        }
    }
}

extension Array: PostgresBindable where Element: PostgresBindable {
    /// A one-dimensional array literal (`{"a","b",NULL}`): every element quoted, `NULL` bare.
    ///
    /// With a cast (`unnest($1::bigint[], $2::text[])`) this sends any number of rows through one
    /// statement with a fixed number of parameters.
    public var postgresText: String? {
        var text = "{"
        for (index, element) in enumerated() {
            if index > 0 { text += "," }
            guard let elementText = element.postgresText else {
                text += "NULL"
                continue
            }
            text += "\""
            for character in elementText.unicodeScalars {
                if character == "\"" || character == "\\" { text += "\\" }
                text.unicodeScalars.append(character)
            }
            text += "\""
        }
        return text + "}"
    }
}
