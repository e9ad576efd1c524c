import Foundation

/// A share of a processor that a process may use at most, enforced by a control group of its
/// own (the cgroup v2 `cpu.max`, or the v1 `cpu.cfs_quota_us`): on one machine, nodes each held
/// to a budget stand for nodes on machines of their own, so that adding nodes adds processor
/// time as it would in a real cluster. Needs a writable cpu controller (root, as the benchmarks
/// run here); without one, nothing is created and `place` answers nil.
struct ProcessorBudget {
    /// Processors' worth of time per period: 0.4 is 4 ms of every 10 ms.
    let processors: Double
    private let directory: String
    /// Microseconds. A short period spreads a node's share evenly: with the usual 100 ms, a
    /// node at 0.2 that spent its 20 ms stood still for 80, and the rows varied by half.
    private let period = 10_000

    /// The control group directory for `name`, created with the budget, or nil when the machine
    /// offers no writable cpu controller.
    init?(processors: Double, name: String) {
        guard processors > 0 else { return nil }
        self.processors = processors
        let quota = Int(processors * Double(period))
        let manager = FileManager.default
        if manager.isWritableFile(atPath: "/sys/fs/cgroup/cgroup.subtree_control"),
            let controllers = try? String(contentsOfFile: "/sys/fs/cgroup/cgroup.controllers", encoding: .utf8),
            controllers.split(separator: " ").contains(where: {
                $0.trimmingCharacters(in: .whitespacesAndNewlines) == "cpu"
            })
        {
            directory = "/sys/fs/cgroup/\(name)"
            try? "+cpu".write(toFile: "/sys/fs/cgroup/cgroup.subtree_control", atomically: false, encoding: .utf8)
            guard (try? manager.createDirectory(atPath: directory, withIntermediateDirectories: false)) != nil,
                Self.write("\(quota) \(period)", to: directory + "/cpu.max")
            else { return nil }
        } else if manager.isWritableFile(atPath: "/sys/fs/cgroup/cpu/cgroup.procs") {
            directory = "/sys/fs/cgroup/cpu/\(name)"
            guard (try? manager.createDirectory(atPath: directory, withIntermediateDirectories: false)) != nil,
                Self.write(String(period), to: directory + "/cpu.cfs_period_us"),
                Self.write(String(quota), to: directory + "/cpu.cfs_quota_us")
            else { return nil }
        } else {
            return nil
        }
    }

    /// Moves the process `pid` (all its threads) into the budget; false when it could not.
    func place(_ pid: Int32) -> Bool {
        Self.write(String(pid), to: directory + "/cgroup.procs")
    }

    /// Removes the control group once its processes have ended.
    func remove() {
        _ = rmdir(directory)
    }

    private static func write(_ text: String, to path: String) -> Bool {
        guard let handle = FileHandle(forWritingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data(text.utf8))) != nil
    }
}
