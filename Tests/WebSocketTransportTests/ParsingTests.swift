import ServerTransport
import Testing

@testable import WebSocketTransport

@Suite struct ParsingTests {
    @Test func parsesWebSocketURLs() throws {
        let plain = try #require(WebSocketURL("ws://127.0.0.1:8080/boards/b1?token=a"))
        #expect(plain == WebSocketURL("ws://127.0.0.1:8080/boards/b1?token=a"))
        #expect(!plain.isSecure && plain.host == "127.0.0.1" && plain.port == 8080)
        #expect(plain.pathAndQuery == "/boards/b1?token=a")

        let secure = try #require(WebSocketURL("wss://[::1]/x"))
        #expect(secure.isSecure && secure.host == "::1" && secure.port == 443 && secure.hostHeader == "[::1]")

        let bare = try #require(WebSocketURL("ws://example.org?x=1"))
        #expect(bare.port == 80 && bare.pathAndQuery == "/?x=1")

        #expect(WebSocketURL("http://a/") == nil)
        #expect(WebSocketURL("ws://:80/") == nil)
        #expect(WebSocketURL("ws://a:99999/") == nil)
        #expect(WebSocketURL("ws://[::1/") == nil)
    }

    @Test func classifiesListenAddresses() {
        #expect(ListenAddress(host: "127.0.0.1") == .ipv4("127.0.0.1"))
        #expect(ListenAddress(host: "localhost") == .ipv4("127.0.0.1"))
        #expect(ListenAddress(host: "::1") == .ipv6("::1"))
        #expect(ListenAddress(host: nil) == .any)
        #expect(ListenAddress(host: "::") == .any)
        #expect(ListenAddress(host: "256.1.1.1") == nil)
        #expect(ListenAddress(host: "some.host") == nil)
    }

    @Test func assemblesFragmentsUpToTheLimit() {
        var assembler = MessageAssembler(limit: 5)
        let abc: [UInt8] = Array("abc".utf8)
        let de: [UInt8] = Array("de".utf8)
        abc.withUnsafeBytes { #expect(assembler.append($0, isFinal: false) == .needMore) }
        de.withUnsafeBytes { #expect(assembler.append($0, isFinal: true) == .complete(Array("abcde".utf8))) }
        abc.withUnsafeBytes { #expect(assembler.append($0, isFinal: false) == .needMore) }
        abc.withUnsafeBytes { #expect(assembler.append($0, isFinal: true) == .tooLarge) }
        de.withUnsafeBytes { #expect(assembler.append($0, isFinal: true) == .complete(de)) }
    }

    @Test func validatesUTF8Strictly() {
        #expect(isValidUTF8(Array("plain ascii".utf8)))
        #expect(isValidUTF8(Array("grüße 🧩".utf8)))
        #expect(!isValidUTF8([0xC3]))  // truncated
        #expect(!isValidUTF8([0xC0, 0xAF]))  // overlong
        #expect(!isValidUTF8([0xED, 0xA0, 0x80]))  // surrogate
        #expect(!isValidUTF8([0x61, 0xFF]))
    }

    @Test func serializesHandWrittenResponsesAsHTTP11() {
        let text = String(
            decoding: HTTPResponse(status: 401, text: "no").serialized(closeConnection: true), as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 401 Unauthorized\r\n"))
        #expect(text.contains("content-length: 2\r\n"))
        #expect(text.hasSuffix("\r\n\r\nno"))
    }
}
