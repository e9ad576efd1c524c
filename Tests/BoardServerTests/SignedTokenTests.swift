import BoardSync
import Testing

@testable import BoardServer

/// The parts of JSON Web Token checking that need no server: base64url and the key file.
@Suite("signed tokens")
struct SignedTokenTests {
    @Test func base64URLDecodesWithoutPaddingAndRefusesWhatNoEncoderWrites() {
        #expect(Base64URL.decode("") == [])
        #expect(Base64URL.decode("Zg") == Array("f".utf8))
        #expect(Base64URL.decode("Zm8") == Array("fo".utf8))
        #expect(Base64URL.decode("Zm9v") == Array("foo".utf8))
        #expect(Base64URL.decode("-_8") == [0xFB, 0xFF])
        #expect(Base64URL.decode("Zg==") == nil, "padding is not base64url of a JWT")
        #expect(Base64URL.decode("Zm9v+") == nil)
        #expect(Base64URL.decode("Z") == nil, "one character left over encodes nothing")
        #expect(Base64URL.decode("Zh") == nil, "leftover bits must be zero")
    }

    @Test func aKeyFileIsASecretOfAtLeast32BytesOrAnEd25519OrP256PublicKey() throws {
        let secret = try SignedTokenKey.parse(Array("0123456789abcdef0123456789abcdef\n".utf8), path: "k")
        #expect(secret.algorithm == .hs256)
        #expect(throws: SignedTokenKeyError.secretTooShort(path: "k")) {
            try SignedTokenKey.parse(Array("short\n".utf8), path: "k")
        }
        let ed25519 = """
            -----BEGIN PUBLIC KEY-----
            MCowBQYDK2VwAyEAD43HIkrBQQWhBTUQu6/o/S05iHN49OMl8tZxlPxdJgU=
            -----END PUBLIC KEY-----

            """
        #expect(try SignedTokenKey.parse(Array(ed25519.utf8), path: "k").algorithm == .edDSA)
        let p256 = """
            -----BEGIN PUBLIC KEY-----
            MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEgUgOwU1YoKHRS3PN9vhA2QnR0Q7k
            DVqg9loMsWtspbCHOwz+A3AwuFll39vTlSdbv5TbqxX7l1IUbPD+5ivtwg==
            -----END PUBLIC KEY-----

            """
        #expect(try SignedTokenKey.parse(Array(p256.utf8), path: "k").algorithm == .es256)
        #expect(throws: SignedTokenKeyError.notAPublicKey(path: "k")) {
            try SignedTokenKey.parse(Array("-----BEGIN PUBLIC KEY-----\nnot base64\n".utf8), path: "k")
        }
    }

    @Test func aTokenOfTheConfiguredAlgorithmIsCheckedBeforeItsClaims() throws {
        let key = try SignedTokenKey.parse(Array("0123456789abcdef0123456789abcdef".utf8), path: "k")
        let verifier = SignedTokenVerifier(key: key, audience: nil)
        // {"alg":"HS256","typ":"JWT"} . {"sub":"a","exp":1} signed with the key above.
        let token =
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhIiwiZXhwIjoxfQ."
            + "RKE66Fr5sp9PvEYQSKTLkFlCvQS2H_0r-sq6UnJvwf0"
        #expect(SignedTokenVerifier.isSignedToken(token))
        #expect(verifier.verify(token, now: 0) == .failure(.badClaim("boards")))
        #expect(verifier.verify(token, now: 100) == .failure(.expired))
        #expect(verifier.verify(token + "x", now: 0) == .failure(.badSignature))
        #expect(verifier.verify("a.b", now: 0) == .failure(.malformed))
    }
}
