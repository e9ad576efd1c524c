import ServerTransport

/// A POST on its way through the server: its request, the body gathered so far, and whether
/// the handler has it (then only its answer is awaited).
struct PendingPost {
    let number: UInt64
    let request: HTTPRequestInfo
    var body: [UInt8] = []
    var complete = false
}
