import Foundation

/// Where one process spent its CPU over a time window: samples of `perf record -g` (every
/// thread, 999 a second), each put in one `CPUCategory` by its call chain.
struct CPUProfile: Sendable {
    /// Samples per category.
    let samples: [CPUCategory: Int]

    var total: Int { samples.values.reduce(0, +) }

    /// The part of the samples in `category`, 0 to 1.
    func share(_ category: CPUCategory) -> Double {
        total > 0 ? Double(samples[category] ?? 0) / Double(total) : 0
    }

    /// Reads `perf script -F comm,tid,ip,sym,dso` output: a line naming the sample's thread,
    /// then one indented line per frame (address, symbol, `(dso)`), leaf first, then a blank line.
    init(script: String) {
        var samples: [CPUCategory: Int] = [:]
        var frames: [CPUFrame] = []
        var inSample = false
        func finish() {
            if inSample { samples[CPUCategory(frames), default: 0] += 1 }
            frames.removeAll(keepingCapacity: true)
            inSample = false
        }
        for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty {
                finish()
            } else if line.first == " " || line.first == "\t" {
                if let frame = CPUFrame(line) { frames.append(frame) }
            } else {
                finish()
                inSample = true
            }
        }
        finish()
        self.samples = samples
    }

    /// Samples `pid` while `during` runs: starts `perf record`, waits until its file has been
    /// started, runs `during`, then interrupts perf so that it writes the file, and reads it.
    static func measure(
        pid: Int32, perf: String, workDirectory: String, during: () -> Void
    ) throws(Failure)
        -> CPUProfile
    {
        let data = workDirectory + "/perf-\(pid)-\(UInt32.random(in: 0...UInt32.max)).data"
        defer { try? FileManager.default.removeItem(atPath: data) }
        guard
            var record = InterruptibleChild(
                perf, ["record", "-F", "999", "-g", "--quiet", "-p", String(pid), "-o", data])
        else { throw .cannotRun(perf) }
        let deadline = Date(timeIntervalSinceNow: 10)
        func started() -> Bool {
            ((try? FileManager.default.attributesOfItem(atPath: data)[.size] as? Int) ?? 0) > 0
        }
        while !started(), record.isRunning, Date() < deadline { usleep(10_000) }
        guard record.isRunning, started() else {
            record.interruptAndWait()
            throw .notAttached
        }
        during()
        record.interruptAndWait()
        let script = Process()
        script.executableURL = URL(fileURLWithPath: perf)
        script.arguments = ["script", "-i", data, "-F", "comm,tid,ip,sym,dso"]
        let output = Pipe()
        script.standardOutput = output
        script.standardError = FileHandle.nullDevice
        do {
            try script.run()
        } catch {
            throw .cannotRun("\(perf) script: \(error)")
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        script.waitUntilExit()
        return CPUProfile(script: text)
    }

    /// Why a profile could not be taken.
    enum Failure: Error, CustomStringConvertible {
        case cannotRun(String)
        case notAttached

        var description: String {
            switch self {
            case .cannotRun(let message): "cannot run perf: \(message)"
            case .notAttached: "perf record did not start within 10 seconds"
            }
        }
    }
}

/// One frame of a call chain in `perf script` output: its symbol and the file it is in.
struct CPUFrame: Sendable {
    let symbol: String
    let dso: String

    var inKernel: Bool { dso.hasPrefix("[kernel") }

    /// Reads `ADDRESS SYMBOL+OFFSET (DSO)`; nil for a line that is not one.
    init?(_ line: Substring) {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard let space = trimmed.firstIndex(of: " "), let open = trimmed.lastIndex(of: "(") else { return nil }
        var symbol = trimmed[trimmed.index(after: space)..<open].trimmingCharacters(in: .whitespaces)
        if let plus = symbol.lastIndex(of: "+") { symbol = String(symbol[..<plus]) }
        self.symbol = symbol
        dso = String(trimmed[trimmed.index(after: open)...].dropLast())
    }
}

/// What a server or relay spends a CPU sample on, in the order the tables list them.
enum CPUCategory: String, CaseIterable, Sendable {
    case sending = "sending (kernel TCP, with the loopback delivery to the receiver)"
    case receiving = "receiving (kernel TCP)"
    case polling = "waiting for events (epoll, poll)"
    case wakeUps = "wake-ups and context switches (futex, eventfd, scheduler)"
    case disk = "writing and syncing files (WAL writes, fdatasync)"
    case otherKernel = "other kernel work (interrupts, memory)"
    case framing = "WebSocket framing and event loop (libwebsockets, libev, libuv)"
    case core = "the core: decode, sequence, encode (BoardSync)"
    case bookkeeping = "server bookkeeping: turns, delivery, durability (BoardServer, BoardStore)"
    case sqlite = "SQLite statements"
    case javascript = "JavaScript (V8 and Node)"
    case runtime = "Swift runtime and standard library, allocation, C library"
    case other = "other (code without symbols, such as JIT-compiled JavaScript)"

    /// The category of a sample whose call chain is `frames`, leaf first: a system call by the
    /// kernel frames it went through, else the code of the leaf frame.
    init(_ frames: [CPUFrame]) {
        let kernel = frames.filter(\.inKernel).map(\.symbol)
        func anyKernel(_ names: [String]) -> Bool {
            kernel.contains { symbol in names.contains { symbol.contains($0) } }
        }
        if !kernel.isEmpty {
            if anyKernel(["fdatasync", "fsync", "ext4_", "jbd2", "pwrite64", "blk_"]) {
                self = .disk
            } else if anyKernel(["tcp_sendmsg", "sys_sendto", "sock_sendmsg", "sys_writev", "sock_write_iter"]) {
                self = .sending
            } else if anyKernel(["tcp_recvmsg", "sys_recvfrom", "sock_recvmsg", "sock_read_iter"]) {
                self = .receiving
            } else if anyKernel(["ep_poll", "epoll_wait", "do_sys_poll", "sys_poll"]) {
                self = .polling
            } else if anyKernel(["futex", "eventfd", "schedule", "finish_task_switch", "try_to_wake_up"]) {
                self = .wakeUps
            } else {
                self = .otherKernel
            }
            return
        }
        guard let leaf = frames.first else {
            self = .other
            return
        }
        self = Self.userCategory(of: leaf)
    }

    private static func userCategory(of leaf: CPUFrame) -> CPUCategory {
        let dso = leaf.dso
        let symbol = leaf.symbol
        if dso.contains("sqlite") { return .sqlite }
        if dso.contains("libwebsockets") || dso.contains("libev") || symbol.hasPrefix("uv_") || symbol.hasPrefix("uv__")
        {
            return .framing
        }
        if dso.hasSuffix("/node") || dso == "node" || dso.contains("libnode") || dso.hasPrefix("[JIT]") {
            return .javascript
        }
        if symbol.contains("9BoardSync") { return .core }
        if ["11BoardServer", "10BoardStore", "18WebSocketTransport", "15ServerTransport"].contains(where: {
            symbol.contains($0)
        }) {
            return .bookkeeping
        }
        if dso.contains("libswift") || dso.contains("libc.so") || dso.contains("libdispatch")
            || symbol.hasPrefix("swift_")
            || symbol.hasPrefix("$s")
        {
            return .runtime
        }
        return .other
    }
}
