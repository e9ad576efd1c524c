import BoardClientApp
import Testing

/// `--ca FILE` and `--insecure` on the command line.
@Suite struct TLSArgumentsTests {
    let secure = "wss://boards.example.com:9443/boards/team"

    func parse(_ arguments: [String]) throws(UsageError) -> ClientInvocation {
        try ClientArguments.parse(arguments, defaultUser: "ann", environmentToken: nil)
    }

    func options(_ trust: CertificateTrust) -> ConnectionOptions {
        ConnectionOptions(url: secure, boardName: "team", user: "ann", trust: trust)
    }

    @Test func systemAuthoritiesByDefault() throws {
        #expect(try parse([secure]) == .interactive(options(.systemAuthorities)))
        #expect(try parse([secure, "list"]) == .script(options(.systemAuthorities), .list(json: false)))
    }

    @Test func caFileInEveryMode() throws {
        let trusted = options(.authorityFile("/etc/board/ca.pem"))
        #expect(try parse([secure, "--ca", "/etc/board/ca.pem"]) == .interactive(trusted))
        #expect(
            try parse([secure, "list", "--json", "--ca", "/etc/board/ca.pem"]) == .script(trusted, .list(json: true)))
        #expect(
            try parse([secure, "--ca", "/etc/board/ca.pem", "add", "Mail", "--at", "0"])
                == .script(trusted, .add(label: "Mail", section: nil, index: 0)))
        #expect(
            try parse([secure, "delete", "a1", "--ca", "/etc/board/ca.pem"]) == .script(trusted, .delete(items: ["a1"]))
        )
        #expect(trusted.trust.authorityFilePath == "/etc/board/ca.pem")
        #expect(!trusted.trust.isInsecure)
    }

    @Test func insecureInEveryMode() throws {
        let insecure = options(.insecure)
        #expect(try parse([secure, "--insecure"]) == .interactive(insecure))
        #expect(try parse([secure, "watch", "--insecure"]) == .script(insecure, .watch))
        #expect(
            try parse(["--insecure", secure, "rename", "a1", "X"]) == .script(insecure, .rename(item: "a1", label: "X"))
        )
        #expect(insecure.trust.isInsecure)
        #expect(insecure.trust.authorityFilePath == nil)
    }

    @Test func misuseIsRefused() {
        #expect(throws: UsageError.conflictingOptions("--ca", "--insecure")) {
            try parse([secure, "--ca", "ca.pem", "--insecure"])
        }
        #expect(throws: UsageError.needsSecureURL(option: "--insecure")) {
            try parse(["ws://127.0.0.1:9000/boards/team", "--insecure"])
        }
        #expect(throws: UsageError.needsSecureURL(option: "--ca")) {
            try parse(["ws://127.0.0.1:9000/boards/team", "list", "--ca", "ca.pem"])
        }
        #expect(throws: UsageError.missingValue(option: "--ca")) { try parse([secure, "--ca"]) }
        #expect(!UsageError.conflictingOptions("--ca", "--insecure").description.contains("\n"))
    }

    @Test func helpDocumentsBothOptions() {
        let usage = ClientArguments.usage
        #expect(usage.contains("wss://"))
        #expect(usage.contains("--ca FILE"))
        #expect(usage.contains("--insecure"))
        #expect(usage.contains("certificate"))
    }

    @Test func warningSaysWhatIsAtStake() {
        #expect(
            CertificateTrust.insecureWarning
                == "WARNING: --insecure: the server's certificate is not checked; "
                + "anyone on the network path can read and change this session")
    }
}
