/// When the server committed an op: milliseconds since the Unix epoch, in UTC. On the wire it is
/// an RFC 3339 timestamp with milliseconds, such as `2026-12-01T17:20:00.123Z`. Only calendar
/// arithmetic: the core reads no clock, so "now" and the local time zone come from the shell.
public struct CommitTime: Hashable, Sendable, Comparable {
    public var milliseconds: Int64

    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    public static func < (lhs: CommitTime, rhs: CommitTime) -> Bool {
        lhs.milliseconds < rhs.milliseconds
    }

    private static let millisecondsPerDay: Int64 = 86_400_000

    /// The calendar date and time of day at `utcOffset` seconds east of UTC.
    public func civil(utcOffset: Int = 0) -> CivilTime {
        let shifted = milliseconds + Int64(utcOffset) * 1000
        let days = Self.floorDivide(shifted, Self.millisecondsPerDay)
        let inDay = shifted - days * Self.millisecondsPerDay
        let date = CivilTime.date(fromDays: days)
        return CivilTime(
            year: date.year, month: date.month, day: date.day, hour: Int(inDay / 3_600_000),
            minute: Int(inDay / 60_000 % 60), second: Int(inDay / 1000 % 60), millisecond: Int(inDay % 1000))
    }

    /// RFC 3339 in UTC with three fraction digits, as the history endpoint writes it.
    public var rfc3339: String {
        let time = civil()
        return Self.digits(time.year, 4) + "-" + Self.digits(time.month, 2) + "-" + Self.digits(time.day, 2) + "T"
            + Self.digits(time.hour, 2) + ":" + Self.digits(time.minute, 2) + ":" + Self.digits(time.second, 2)
            + "." + Self.digits(time.millisecond, 3) + "Z"
    }

    /// Reads an RFC 3339 timestamp (`YYYY-MM-DDTHH:MM:SS`, an optional fraction, then `Z` or an
    /// offset `±HH:MM`); fraction digits beyond milliseconds are dropped and a leap second reads
    /// as the second before it. Nil for anything else.
    public init?(rfc3339 text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20 else { return nil }
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<(start + count)] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        func byte(_ index: Int, is allowed: StaticString) -> Bool {
            guard index < bytes.count else { return false }
            let options = UnsafeBufferPointer(start: allowed.utf8Start, count: allowed.utf8CodeUnitCount)
            return options.contains(bytes[index])
        }
        guard let year = number(0, 4), byte(4, is: "-"), let month = number(5, 2), byte(7, is: "-"),
            let day = number(8, 2), byte(10, is: "Tt "), let hour = number(11, 2), byte(13, is: ":"),
            let minute = number(14, 2), byte(16, is: ":"), let second = number(17, 2),
            (1...12).contains(month), day >= 1, day <= CivilTime.daysIn(month: month, year: year), hour < 24,
            minute < 60, second < 61
        else { return nil }
        var index = 19
        var millisecond = 0
        if byte(index, is: ".") {
            index += 1
            var scale = 100
            let start = index
            while let digit = number(index, 1) {
                millisecond += digit * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offsetMinutes = 0
        if byte(index, is: "Zz"), index + 1 == bytes.count {
            offsetMinutes = 0
        } else if byte(index, is: "+-"), index + 6 == bytes.count, let hours = number(index + 1, 2),
            byte(index + 3, is: ":"), let minutes = number(index + 4, 2), hours < 24, minutes < 60
        {
            offsetMinutes = (hours * 60 + minutes) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        let days = CivilTime.days(year: year, month: month, day: day)
        let seconds = Int64(hour * 3600 + minute * 60 + min(second, 59) - offsetMinutes * 60)
        milliseconds = days * Self.millisecondsPerDay + seconds * 1000 + Int64(millisecond)
    }

    static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    /// `value` in decimal, padded with zeros to `width` digits.
    static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.utf8.count >= width ? text : String(repeating: "0", count: width - text.utf8.count) + text
    }
}
