/// A reference carried across threads only to be used back on the server's service thread.
final class ServiceThreadReference<Value: AnyObject>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
