import Foundation

/// The directory the SQLite file of `--data` goes in. A typo in a path must not quietly start an
/// empty store somewhere new, so the directory must exist; `--create-dirs` creates it, and the
/// default directory (`./data`) is created without asking.
enum DataDirectory {
    /// Why the data file cannot go where `options` say, or nil when it can (or the boards are
    /// kept in PostgreSQL).
    static func problem(_ options: ServerOptions) -> String? {
        guard options.storeURL == nil else { return nil }
        let parent = URL(fileURLWithPath: options.dataPath).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory) {
            return isDirectory.boolValue ? nil : "\(parent) (the directory of --data) is a file, not a directory"
        }
        if options.createsDirectories || options.dataPath == ServerOptions.defaultDataPath { return nil }
        return "the directory \(parent) does not exist; create it, or add --create-dirs"
    }
}
