/// A message shown on the bottom line until `expires`.
public struct TransientNotice: Hashable, Sendable {
    public var text: String
    public var expires: Double

    public init(text: String, expires: Double) {
        self.text = text
        self.expires = expires
    }
}
