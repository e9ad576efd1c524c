/// The items a section's view section was made from, kept with it, so that the next view can
/// take the same view section when the items are still the same array (`Array.sharesStorage`).
struct ViewSource: Sendable {
    var items: [Item]
    var plain: ViewSection
}

extension Array {
    /// Whether this array and `other` are one stored buffer: then they hold the same elements,
    /// whatever those are, and nothing needs comparing. Empty arrays always share.
    func sharesStorage(with other: [Element]) -> Bool {
        guard count == other.count else { return false }
        if isEmpty { return true }
        return withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }
}
