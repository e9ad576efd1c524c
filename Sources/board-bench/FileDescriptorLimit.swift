import Glibc

/// Raises this process's open-file limit to its hard maximum so one process can hold thousands
/// of sockets (children started afterwards inherit it).
enum FileDescriptorLimit {
    @discardableResult
    static func raise() -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        }
        _ = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        return Int(limit.rlim_cur)
    }

    /// This process's open-file limit now (processes it starts inherit it).
    static func current() -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        return Int(limit.rlim_cur)
    }
}
