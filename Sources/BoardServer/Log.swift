import Foundation

/// How much the server logs.
public enum LogLevel: String, Hashable, Sendable, Comparable {
    case error, warn, info, debug

    private var rank: Int {
        switch self {
        case .error: 0
        case .warn: 1
        case .info: 2
        case .debug: 3
        }
    }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rank < rhs.rank }
}

/// Writes one line per event to standard error (or to `write`): a timestamp, the level, then
/// `key=value` fields.
public struct Log: Sendable {
    public var level: LogLevel
    private let write: @Sendable (String) -> Void

    /// A log of the events up to `level`; `write` takes each line, newline included.
    public init(level: LogLevel, write: @escaping @Sendable (String) -> Void = Log.toStandardError) {
        self.level = level
        self.write = write
    }

    /// Writes a line to standard error.
    public static let toStandardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data(line.utf8))
    }

    public func callAsFunction(_ level: LogLevel, _ event: String, _ fields: KeyValuePairs<String, String> = [:]) {
        guard level <= self.level else { return }
        var line = "\(Self.timestamp()) \(level.rawValue) \(event)"
        for (key, value) in fields {
            line += " \(key)=\(Self.quoted(value))"
        }
        line += "\n"
        write(line)
    }

    private static func quoted(_ value: String) -> String {
        let plain =
            !value.isEmpty && value.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && $0 != "\"" }
        if plain { return value }
        var escaped = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }

    private static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
            parts.tm_hour, parts.tm_min, parts.tm_sec, Int(now.tv_nsec / 1_000_000))
    }
}
