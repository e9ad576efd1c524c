/// A calendar date and time of day (proleptic Gregorian calendar), as `CommitTime.civil` gives.
public struct CivilTime: Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var millisecond: Int

    /// `HH:MM`, as a status line or a history line shows the time of day.
    public var clockText: String {
        CommitTime.digits(hour, 2) + ":" + CommitTime.digits(minute, 2)
    }

    /// `YYYY-MM-DD`.
    public var dateText: String {
        CommitTime.digits(year, 4) + "-" + CommitTime.digits(month, 2) + "-" + CommitTime.digits(day, 2)
    }

    /// Whether both fall on the same calendar day.
    public func isSameDay(as other: CivilTime) -> Bool {
        year == other.year && month == other.month && day == other.day
    }

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a date. The calendar repeats every 400 years (146,097 days);
    /// counting years from March puts the leap day at the end of each year.
    static func days(year: Int, month: Int, day: Int) -> Int64 {
        let marchYear = Int64(month <= 2 ? year - 1 : year)
        let cycle = CommitTime.floorDivide(marchYear, 400)
        let yearOfCycle = marchYear - cycle * 400
        let monthFromMarch = Int64(month > 2 ? month - 3 : month + 9)
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + Int64(day) - 1
        let dayOfCycle = yearOfCycle * 365 + yearOfCycle / 4 - yearOfCycle / 100 + dayOfYear
        return cycle * 146_097 + dayOfCycle - 719_468
    }

    /// The date `days` after 1970-01-01: the inverse of `days(year:month:day:)`.
    static func date(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let cycle = CommitTime.floorDivide(shifted, 146_097)
        let dayOfCycle = shifted - cycle * 146_097
        let yearOfCycle = (dayOfCycle - dayOfCycle / 1460 + dayOfCycle / 36_524 - dayOfCycle / 146_096) / 365
        let dayOfYear = dayOfCycle - (365 * yearOfCycle + yearOfCycle / 4 - yearOfCycle / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfCycle + cycle * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }
}
