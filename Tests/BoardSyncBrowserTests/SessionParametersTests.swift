import BoardSync
import BoardSyncBrowser
import TestSupport
import Testing

/// Opening a session checks what `hello` and the board's URL will carry.
@Suite struct SessionParametersTests {
    private func refusal(_ json: String) -> String? {
        do {
            _ = try SessionParameters(json: Array(json.utf8))
            return nil
        } catch {
            return error.message
        }
    }

    @Test func parametersWithDefaults() throws {
        let parameters = try SessionParameters(json: Array(#"{"board":"demo","user":"Ann Lee","seed":7}"#.utf8))
        #expect(parameters == SessionParameters(user: "Ann Lee", board: "demo", seed: 7))
    }

    @Test func everyOptionalParameter() throws {
        let json = #"{"board":"b","user":"u","client":"c-1","seed":9007199254740991,"limits":{"maxItems":5}}"#
        let parameters = try SessionParameters(json: Array(json.utf8))
        #expect(parameters.client == "c-1")
        #expect(parameters.seed == 9_007_199_254_740_991)
        #expect(parameters.limits == Limits(maxItems: 5))
    }

    @Test func refusedParameters() {
        #expect(refusal(#"{"user":"u","seed":1}"#) == #"missing field "board""#)
        #expect(refusal(#"{"board":"a/b","user":"u","seed":1}"#) == #"field "board" is not a valid board name"#)
        #expect(refusal(#"{"board":"b","user":"u","client":"c 1","seed":1}"#) == #"field "client" is not a valid id"#)
        #expect(
            refusal(#"{"board":"b","user":"\u0007","seed":1}"#)
                == #"field "user" must be 1 to 32 characters, not only spaces, no control characters"#)
        #expect(refusal(#"{"board":"b","user":"u"}"#) == #"missing field "seed""#)
        let badSeed = #"field "seed" must be an integer from 0 to 2^53 - 1"#
        #expect(refusal(#"{"board":"b","user":"u","seed":-1}"#) == badSeed)
        #expect(refusal(#"{"board":"b","user":"u","seed":9007199254740992}"#) == badSeed)
        #expect(
            refusal(#"{"board":"b","user":"u","seed":1,"limits":{"maxTextLength":0}}"#)
                == #"field "limits" must be positive"#)
    }
}
