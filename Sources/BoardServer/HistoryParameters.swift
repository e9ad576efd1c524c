import BoardSync

/// The query parameters of the history endpoints (protocol section 8), checked: whole numbers
/// written as decimal digits only (no sign, fraction or exponent), within their ranges. An empty
/// or malformed value is refused with a one-line reason; parameters these endpoints do not use
/// (such as `token`) are ignored.
enum HistoryParameters {
    /// Ops per history page without `limit`.
    static let defaultLimit = 50
    /// The largest `limit`.
    static let maxLimit = 1_000
    /// 2^53 − 1, the protocol's largest integer.
    static let maxInteger = 9_007_199_254_740_991

    /// `GET /boards/BOARD/history`: ops below `before` (nil: every op), at most `limit`.
    struct HistoryQuery: Hashable {
        var before: Int?
        var limit: Int
    }

    static func history(_ query: [String: String]) -> Result<HistoryQuery, HTTPRefusal> {
        var result = HistoryQuery(before: nil, limit: defaultLimit)
        if let text = query["before"] {
            guard let before = number(text, in: 0...maxInteger) else {
                return .failure(refusal("before", 0...maxInteger))
            }
            result.before = before
        }
        if let text = query["limit"] {
            guard let limit = number(text, in: 1...maxLimit) else { return .failure(refusal("limit", 1...maxLimit)) }
            result.limit = limit
        }
        return .success(result)
    }

    /// `GET /boards/BOARD?version=V`: the version asked for.
    static func version(_ text: String) -> Result<Int, HTTPRefusal> {
        guard let version = number(text, in: 0...maxInteger) else {
            return .failure(refusal("version", 0...maxInteger))
        }
        return .success(version)
    }

    /// `text` as a number within `range`, if it is one written in decimal digits only.
    static func number(_ text: String, in range: ClosedRange<Int>) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        var value = 0
        for digit in text.utf8 {
            value = value * 10 + Int(digit - 0x30)
            if value > range.upperBound { return nil }
        }
        return range.contains(value) ? value : nil
    }

    private static func refusal(_ name: String, _ range: ClosedRange<Int>) -> HTTPRefusal {
        HTTPRefusal(
            .badParameter, message: "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
}
