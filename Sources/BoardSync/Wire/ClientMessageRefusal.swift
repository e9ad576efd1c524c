/// A client message the codec refused, as the server answers it: why, and the `seq` of the
/// submit it was (protocol section 6: an error answering a submit carries its seq).
///
/// `seq` is known whenever the message is a JSON object whose `type` is "submit" and whose `seq`
/// is a valid integer, each key written once at the top level, whatever else is wrong with it:
/// a missing or mistyped field, an unknown kind, an integer out of range, a repeated key inside,
/// or a lone surrogate escape anywhere (RFC 8259's grammar allows both; this codec does not).
/// Input that is not JSON, nests too deeply, or has no readable `seq` is refused without one.
public struct ClientMessageRefusal: Error, Hashable, Sendable {
    public var error: WireError
    public var seq: Int?

    public init(_ error: WireError, seq: Int? = nil) {
        self.error = error
        self.seq = seq
    }

    /// The `seq` of a submit, read from validated bytes that may fail to decode for other reasons.
    static func submitSeq(ofValidated bytes: UnsafeBufferPointer<UInt8>, tolerant: Bool = false) -> Int? {
        guard var message = try? FieldReader(message: .document(bytes, tolerant: tolerant)),
            message.count(of: "type") == 1, message.count(of: "seq") == 1,
            (try? message.string("type")) == "submit"
        else { return nil }
        return try? message.integer("seq", minimum: 1)
    }

    /// The `seq` of a submit whose bytes the strict validator refused, when a tolerant validation
    /// accepts them.
    static func submitSeq(ofUnparsed bytes: UnsafeBufferPointer<UInt8>, after syntaxError: JSONSyntaxError) -> Int? {
        switch syntaxError.reason {
        case .loneSurrogate, .duplicateKey:
            guard (try? JSONValidator.validate(bytes, tolerant: true)) != nil else { return nil }
            return submitSeq(ofValidated: bytes, tolerant: true)
        default:
            return nil
        }
    }
}
