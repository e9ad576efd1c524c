import BoardSync
import Foundation
import TestSupport
import Testing

/// Commit times as RFC 3339, checked against Foundation's own calendar arithmetic.
@Suite struct CommitTimeTests {
    private static func reference(_ milliseconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    @Test func knownInstants() {
        #expect(CommitTime(milliseconds: 0).rfc3339 == "1970-01-01T00:00:00.000Z")
        #expect(CommitTime(milliseconds: 1_796_158_744_005).rfc3339 == "2026-12-01T20:59:04.005Z")
        #expect(CommitTime(milliseconds: 951_782_400_000).rfc3339 == "2000-02-29T00:00:00.000Z")
        #expect(CommitTime(milliseconds: -1).rfc3339 == "1969-12-31T23:59:59.999Z")
        #expect(CommitTime(milliseconds: 253_402_300_799_999).rfc3339 == "9999-12-31T23:59:59.999Z")
    }

    @Test func randomInstantsFormatAsFoundationDoesAndReadBack() {
        let seed = TestSeed.fresh()
        var random = SeededGenerator(seed: seed)
        for _ in 0..<2_000 {
            let milliseconds = Int64(random.next() % 253_402_300_800_000)
            let text = CommitTime(milliseconds: milliseconds).rfc3339
            #expect(text == Self.reference(milliseconds), "\(milliseconds); \(TestSeed.rerun(seed))")
            #expect(CommitTime(rfc3339: text)?.milliseconds == milliseconds, "\(text); \(TestSeed.rerun(seed))")
        }
    }

    @Test func readsOffsetsFractionsAndLowercase() {
        #expect(CommitTime(rfc3339: "2026-12-01T18:20:00.123+01:00")?.rfc3339 == "2026-12-01T17:20:00.123Z")
        #expect(CommitTime(rfc3339: "2026-12-01T12:20:00-05:30")?.rfc3339 == "2026-12-01T17:50:00.000Z")
        #expect(CommitTime(rfc3339: "2026-12-01t17:20:00.1234567z")?.rfc3339 == "2026-12-01T17:20:00.123Z")
        #expect(CommitTime(rfc3339: "2016-12-31T23:59:60Z")?.rfc3339 == "2016-12-31T23:59:59.000Z")
    }

    @Test func refusesWhatIsNotATimestamp() {
        for text in [
            "", "2026-12-01", "2026-12-01T17:20:00", "2026-13-01T17:20:00Z", "2026-02-30T17:20:00Z",
            "2025-02-29T00:00:00Z", "2026-12-01T24:00:00Z", "2026-12-01T17:60:00Z", "2026-12-01T17:20:00.Z",
            "2026-12-01T17:20:00+0100", "2026-12-01T17:20:00Zjunk", "+2026-12-01T17:20:00Z", "2026-12-01T17:2a:00Z",
        ] {
            #expect(CommitTime(rfc3339: text) == nil, "\(text)")
        }
        #expect(CommitTime(rfc3339: "2024-02-29T00:00:00Z") != nil)
    }

    @Test func localClockAndDate() {
        let time = CommitTime(milliseconds: 1_796_158_744_005)
        #expect(time.civil().clockText == "20:59")
        #expect(time.civil(utcOffset: 3_600).clockText == "21:59")
        #expect(time.civil(utcOffset: 3 * 3_600 + 1_800).dateText == "2026-12-02")
        #expect(time.civil(utcOffset: -21 * 3_600).dateText == "2026-11-30")
        #expect(time.civil(utcOffset: 3_600).isSameDay(as: CommitTime(milliseconds: 1_796_083_200_000).civil()))
    }
}
