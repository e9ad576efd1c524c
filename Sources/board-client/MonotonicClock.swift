#if canImport(Glibc)
    import Glibc
#endif

/// Seconds on the monotonic clock, the time base of the app's messages.
enum MonotonicClock {
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
