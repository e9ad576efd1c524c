import Glibc

/// C strings that must outlive a libwebsockets context (lws keeps the pointers).
final class CStringStore {
    private var pointers: [UnsafeMutablePointer<CChar>] = []

    func keep(_ string: String) -> UnsafeMutablePointer<CChar> {
        let pointer = strdup(string)!
        pointers.append(pointer)
        return pointer
    }

    func keep(_ string: String?) -> UnsafeMutablePointer<CChar>? {
        string.map { keep($0) }
    }

    func freeAll() {
        pointers.forEach { free($0) }
        pointers.removeAll()
    }

    deinit { freeAll() }
}
