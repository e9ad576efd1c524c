import Foundation
import TestSupport
import Testing

/// `GET /boards/BOARD/export` read by independent clients: Python's HTTP client, `csv` and
/// `json` modules (python/export_client.py).
@Suite("export read by Python")
struct PythonExportTests {
    @Test func pythonReadsBothFormatsAndTheRefusals() throws {
        let server = try ServerProcess()
        defer { server.finish() }
        guard let result = try PythonScript.run("export_client.py", [server.baseURL, "py-export"]) else { return }
        #expect(result["ok"] as? Bool == true, "\(result)")
        #expect(result["filled"] as? String == "ack")

        #expect(result["json_status"] as? Int == 200)
        #expect(result["json_type"] as? String == "application/json")
        #expect(result["json_disposition"] as? String == "attachment; filename=\"py-export.json\"")
        #expect(result["json_format"] as? String == "board-sync/1")
        #expect(result["json_is_snapshot"] as? Bool == true)
        #expect(
            result["json_sections"] as? [[String]] == [
                ["Main", "plain", "a \"quoted\" word", "=1+2"],
                ["Later, maybe", "comma, inside", "emoji 👍🏽 and é", " spaced "], ["Empty"],
            ])

        #expect(result["csv_status"] as? Int == 200)
        #expect(result["csv_type"] as? String == "text/csv; charset=utf-8; header=present")
        #expect(result["csv_disposition"] as? String == "attachment; filename=\"py-export.csv\"")
        #expect(result["csv_crlf"] as? Bool == true)
        let rows = result["csv_rows"] as? [[String]] ?? []
        #expect(rows.first == ["section", "item", "label"])
        #expect(rows.count == 7)
        #expect(rows.dropFirst().first == ["Main", "t0", "plain"])
        #expect(result["csv_matches_snapshot"] as? Bool == true)

        #expect(result["missing_status"] as? Int == 404)
        #expect(result["missing_then"] as? Int == 404, "an export never creates a board")
        #expect(result["bad_format_status"] as? Int == 400)
        #expect(
            result["bad_format_body"] as? [String: String] == [
                "error": "bad_parameter", "message": "format must be json or csv",
            ])
        #expect(result["no_format_status"] as? Int == 400)
    }
}
