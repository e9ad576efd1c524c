import Foundation

/// What the benchmark ran on: architecture (`uname -m`), processor count and CPU model.
struct MachineInfo {
    let architecture: String
    let processors: Int
    let cpuModel: String

    static func current() -> MachineInfo {
        var name = utsname()
        uname(&name)
        let architecture = withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        return MachineInfo(
            architecture: architecture, processors: ProcessInfo.processInfo.activeProcessorCount, cpuModel: model)
    }

    var summary: String { "\(architecture), \(processors) processors, \(cpuModel)" }
}
