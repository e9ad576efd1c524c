import Foundation
import TestSupport
import Testing

/// Promises of the protocol that other people's clients rely on, checked with the independent
/// Python `websockets` client (`python/conformance_client.py`; each case prints what failed).
@Suite("protocol conformance, independent Python client")
struct PythonConformanceTests {
    private static func run(_ testCase: String, board: String, on server: ServerProcess) throws -> [String: Any]? {
        let result = try PythonScript.run("conformance_client.py", [testCase, server.url(board: board)])
        if let result {
            #expect(result["ok"] as? Bool == true, "\(testCase): \(result["failures"] ?? result)")
        }
        return result
    }

    /// Every bad_message (and bad_op) answer to a submit whose seq can be read carries that seq,
    /// the lone-surrogate label included; messages without a readable seq get none.
    @Test func everyRefusedSubmitWithAReadableSeqIsAnsweredWithIt() throws {
        let server = try ServerProcess()
        defer { server.finish() }
        let result = try Self.run("submit-seqs", board: "seqs", on: server)
        #expect((result?["checked"] as? [String])?.count ?? 0 >= 30)
    }

    /// Beyond the bucket every message is `limit` (a submit's with its seq), before in_flight,
    /// bad_message, a second hello or an unknown item; within it, the usual answers.
    @Test func theRateLimitComesBeforeEveryOtherCheck() throws {
        let server = try ServerProcess(arguments: ["--rate-burst", "4", "--rate-per-second", "1"])
        defer { server.finish() }
        _ = try Self.run("rate-limit", board: "rate", on: server)
    }

    /// 1009 for a fragmented message past the limit, 1003 and 1007, each received by a client that
    /// is still sending when the server closes.
    @Test func violationsCloseWithACodeTheStillSendingClientReceives() throws {
        let server = try ServerProcess()
        defer { server.finish() }
        let result = try Self.run("close-codes", board: "closes", on: server)
        #expect(
            result?["observed"] as? [String: Int] == [
                "fragmented message beyond the limit": 1009, "binary message": 1003, "invalid UTF-8": 1007,
            ])
    }

    /// After its close frame the server reads and discards; a client that never answers is
    /// dropped about 1 s later, within the 2 s RFC 6455's prompt close is held to here.
    @Test func aClientThatNeverAnswersTheCloseIsDroppedAfterTheDrain() throws {
        let server = try ServerProcess()
        defer { server.finish() }
        let result = try Self.run("unanswered-close", board: "silent", on: server)
        let seconds = result?["dropped_after_seconds"] as? Double ?? 0
        #expect(seconds >= 0.5 && seconds <= 2)
    }

    /// A slow consumer's bytes are complete frames, then one close frame with 1013; the websockets
    /// client reports 1013 too.
    @Test func aSlowConsumerReadsCompleteFramesAndThen1013() throws {
        let server = try ServerProcess(arguments: [
            "--max-queued-bytes", "65536", "--max-label", "10000", "--rate-burst", "100000", "--rate-per-second",
            "100000",
        ])
        defer { server.finish() }
        let result = try Self.run("slow-consumer", board: "slow", on: server)
        #expect(result?["raw_close_code"] as? Int == 1013)
        #expect(result?["library_close_code"] as? Int == 1013)
    }
}
