/// Concatenates the chunks of one WebSocket message and enforces a size limit.
struct MessageAssembler {
    /// What to do after a chunk was added.
    enum Outcome: Equatable {
        case needMore
        case complete([UInt8])
        case tooLarge
    }

    let limit: Int
    private var buffer: [UInt8] = []

    init(limit: Int) { self.limit = limit }

    /// Adds a chunk; a complete message comes back as a copy of its own.
    mutating func append(_ chunk: UnsafeRawBufferPointer, isFinal: Bool) -> Outcome {
        var message: [UInt8] = []
        switch append(chunk, isFinal: isFinal, deliver: { message = Array($0) }) {
        case .needMore: return .needMore
        case .tooLarge: return .tooLarge
        case .delivered: return .complete(message)
        }
    }

    /// What `append(_:isFinal:deliver:)` did with a chunk.
    enum Progress: Equatable {
        case needMore
        case delivered
        case tooLarge
    }

    /// Like `append(_:isFinal:)`, but hands a complete message to `deliver` as a buffer that is
    /// valid only during that call. A message that arrived in one chunk is passed on in place,
    /// without a copy; a message of several chunks is collected in a buffer that is kept (up to
    /// `retainedCapacity` bytes) for the next one.
    mutating func append(
        _ chunk: UnsafeRawBufferPointer, isFinal: Bool, deliver: (UnsafeRawBufferPointer) -> Void
    ) -> Progress {
        if buffer.count + chunk.count > limit {
            buffer = []
            return .tooLarge
        }
        if isFinal && buffer.isEmpty {
            deliver(chunk)
            return .delivered
        }
        buffer.append(contentsOf: chunk)
        guard isFinal else { return .needMore }
        buffer.withUnsafeBytes(deliver)
        buffer.removeAll(keepingCapacity: buffer.capacity <= Self.retainedCapacity)
        return .delivered
    }

    /// The largest collecting buffer kept between messages.
    static let retainedCapacity = 64 * 1024
}

/// Strict UTF-8 check (rejects overlong forms, surrogates and truncated sequences).
func isValidUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
    if bytes.allSatisfy({ $0 < 0x80 }) { return true }
    let failed = transcode(
        bytes.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: true, into: { _ in })
    return !failed
}
