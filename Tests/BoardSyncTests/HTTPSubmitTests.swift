import BoardSync
import Testing

/// The body of a write over HTTP, and the statuses of its refusals.
struct HTTPSubmitTests {
    @Test func aBodyIsASubmitOfItsClient() throws {
        let body =
            #"{"client":"ci","user":"CI","seq":3,"base":1,"op":{"kind":"delete","item":"a","from":{"section":"s","index":0}}}"#
        let write = try HTTPSubmit.decode(Array(body.utf8))
        #expect(write.client == ClientID("ci"))
        #expect(write.user == "CI")
        #expect(write.submit.seq == 3)
        #expect(write.submit.base == 1)
    }

    @Test func aBadBodyIsRefusedNamingItsSeqWhenItCanBeRead() {
        #expect(throws: ClientMessageRefusal.self) { try HTTPSubmit.decode(Array("[1]".utf8)) }
        do {
            _ = try HTTPSubmit.decode(
                Array(
                    #"{"client":"no spaces","user":"u","seq":4,"base":0,"op":{"kind":"delete","item":"a","from":{"section":"s","index":0}}}"#
                        .utf8))
            Issue.record("an invalid client id was accepted")
        } catch {
            #expect(error.seq == 4)
            #expect(error.error == .invalidIdentifier("client"))
        }
        do {
            _ = try HTTPSubmit.decode(
                Array(
                    #"{"client":"c","seq":5,"base":0,"op":{"kind":"delete","item":"a","from":{"section":"s","index":0}}}"#
                        .utf8))
            Issue.record("a body without user was accepted")
        } catch {
            #expect(error.error == .missingField("user"))
        }
    }

    @Test func everyErrorCodeHasTheStatusOfSection12() {
        #expect(ErrorCode.stale.httpStatus == 409)
        #expect(ErrorCode.locked.httpStatus == 409)
        #expect(ErrorCode.badOp.httpStatus == 422)
        #expect(ErrorCode.badMessage.httpStatus == 422)
        #expect(ErrorCode.limit.httpStatus == 429)
        #expect(ErrorCode.forbidden.httpStatus == 403)
        #expect(ErrorCode.unavailable.httpStatus == 503)
    }
}
