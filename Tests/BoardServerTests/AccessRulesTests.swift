import Foundation
import Testing

@testable import BoardServer

@Suite("access rules")
struct AccessRulesTests {
    @Test func boardPatterns() {
        #expect(BoardPattern("team-*") == .prefix("team-"))
        #expect(BoardPattern("*") == .prefix(""))
        #expect(BoardPattern("demo") == .exact("demo"))
        for bad in [
            "", "a*b", "**", "a/b", "te am", String(repeating: "a", count: 65), String(repeating: "a", count: 64) + "*",
        ] {
            #expect(BoardPattern(bad) == nil, "\(bad)")
        }
        #expect(BoardPattern("team-*")?.matches("team-a") == true)
        #expect(BoardPattern("team-*")?.matches("teams") == false)
        #expect(BoardPattern("demo")?.matches("demo2") == false)
    }

    @Test func tokensAreFoundOnlyByTheirExactSecret() throws {
        let json = """
            {"tokens": [{"token": "alpha", "role": "editor", "boards": ["a"]},
                        {"token": "alphabet", "role": "viewer", "boards": ["*"]}]}
            """
        let tokens = try AccessTokens.parse(Data(json.utf8), path: "t.json")
        #expect(tokens.grant(for: "alpha")?.role == .editor)
        #expect(tokens.grant(for: "alphabet")?.role == .viewer)
        for miss in ["", "alph", "alphab", "alphax", "Alpha", "alphabets"] {
            #expect(tokens.grant(for: miss) == nil, "\(miss)")
        }
        #expect(throws: TokensFileError.badEntry(path: "t.json", index: 2, problem: .duplicateToken)) {
            try AccessTokens.parse(
                Data(
                    #"{"tokens": [{"token": "x", "role": "editor", "boards": ["*"]}, {"token": "x", "role": "viewer", "boards": ["*"]}]}"#
                        .utf8),
                path: "t.json")
        }
    }

    @Test func constantTimeComparison() {
        #expect(TokensConstantTime.equals(Array("secret".utf8), Array("secret".utf8)))
        #expect(!TokensConstantTime.equals(Array("secret".utf8), Array("secreT".utf8)))
        #expect(!TokensConstantTime.equals(Array("secret".utf8), Array("secret\0".utf8)))
        #expect(!TokensConstantTime.equals(Array("secret".utf8), []))
        #expect(!TokensConstantTime.equals([], Array("x".utf8)))
    }

    @Test func bearerHeadersAndLoopbackAddresses() {
        #expect(AccessControl.bearerToken("Bearer abc") == "abc")
        #expect(AccessControl.bearerToken("bearer  abc ") == "abc")
        #expect(AccessControl.bearerToken("Basic abc") == nil)
        #expect(AccessControl.bearerToken("Bearer ") == nil)
        for loopback in ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "::ffff:127.0.0.1"] {
            #expect(AccessLoopback.isLoopback(loopback), "\(loopback)")
        }
        for other in ["0.0.0.0", "::", "10.0.0.1", "128.0.0.1", "127.0.0.256", "127.0.0", "localhost.evil", ""] {
            #expect(!AccessLoopback.isLoopback(other), "\(other)")
        }
    }
}
