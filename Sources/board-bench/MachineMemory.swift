import Foundation

/// Total memory of the machine from `/proc/meminfo`, in GiB.
enum MachineMemory {
    static func totalGiB() -> Double {
        let text = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
        let kib = line.flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Double($0) } } ?? 0
        return kib / 1_048_576
    }
}
