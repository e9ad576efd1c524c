import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Who runs the client, and fresh random values for ids and seeds.
enum ProcessIdentity {
    /// The login name: `$USER`, else the password database, else "someone".
    static func loginName() -> String {
        if let user = ProcessInfo.processInfo.environment["USER"], !user.isEmpty { return user }
        if let entry = getpwuid(getuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return "someone"
    }

    /// A random id of 16 hex characters.
    static func randomID() -> String {
        let hex = String(UInt64.random(in: .min ... .max), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

}
