import Foundation
import Glibc

/// CPU time and resident memory of a process read from `/proc/PID/stat` and `/proc/PID/status`.
struct ProcessStats: Sendable {
    /// User plus system CPU seconds since the process started.
    let cpuSeconds: Double
    /// Resident set size in KiB.
    let rssKiB: Int

    /// Reads the figures of `pid`, or nil when the process is gone or unreadable.
    static func read(pid: Int32) -> ProcessStats? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after the command name start at field 3 (state); utime and stime are 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let rssLine = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        let rss = rssLine.flatMap { line in line.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? 0
        return ProcessStats(cpuSeconds: (user + system) / ticks, rssKiB: rss)
    }
}

/// CPU seconds this process (the load generator) has used, from `getrusage`.
enum GeneratorCPU {
    static func seconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func value(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return value(usage.ru_utime) + value(usage.ru_stime)
    }
}

/// Monotonic time for every latency of the load generator.
enum LoadClock {
    /// Microseconds on the monotonic clock.
    static func micros() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1_000
    }
}
