import Foundation

/// How busy the machine was: the 1, 5 and 15 minute load averages from `/proc/loadavg`, so that
/// figures taken while other work competed for the processors can be told apart.
enum MachineLoad {
    /// "1.02, 0.80, 0.55", or "unknown".
    static func averages() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        let fields = text.split(separator: " ").prefix(3)
        return fields.count == 3 ? fields.joined(separator: ", ") : "unknown"
    }
}
