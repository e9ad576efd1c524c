import Foundation
import Glibc

/// Measures what one durable write costs on a disk: write a small block to a file in the
/// directory and `fsync` it, many times.
enum FsyncProbe {
    static func measure(directory: String, count: Int) -> LatencySummary {
        let path = (directory as NSString).appendingPathComponent("fsync-probe-\(getpid()).bin")
        let descriptor = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return LatencySamples().summary() }
        defer {
            close(descriptor)
            unlink(path)
        }
        var samples = LatencySamples()
        let block = [UInt8](repeating: 0x2a, count: 512)
        for index in 0..<count {
            let start = LoadClock.micros()
            let written = block.withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress, $0.count, off_t(index % 64 * 512))
            }
            guard written == block.count, fsync(descriptor) == 0 else { break }
            samples.add(LoadClock.micros() - start)
        }
        return samples.summary()
    }
}
