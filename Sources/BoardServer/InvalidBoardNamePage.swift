import BoardSync
import Foundation
import ServerTransport

/// The page `GET /b/NAME` answers, with status 404, for a NAME that is not a valid board name
/// (protocol section 11): what is wrong with the name, in the core's words, and a link to the
/// index (carrying the request's token, if any). Made on the spot, with the headers of the
/// page files.
enum InvalidBoardNamePage {
    static func response(name: String, token: String?) -> HTTPResponse {
        let problem = BoardName.problem(name) ?? "This is not a board name."
        let shown = name.isEmpty ? "An empty name" : "“\(escaped(name))”"
        let index = token.map { "/?token=" + escaped(percentEncoded($0)) } ?? "/"
        let html = """
            <!doctype html>
            <html lang="en">
            <head>
              <meta charset="utf-8">
              <meta name="viewport" content="width=device-width, initial-scale=1">
              <meta name="color-scheme" content="light dark">
              <title>Not a board name</title>
              <link rel="icon" href="/assets/icon.svg" type="image/svg+xml">
              <link rel="stylesheet" href="/assets/page.css">
            </head>
            <body class="index-page">
              <main class="index">
                <section class="panel" id="bad-board-name">
                  <h1>\(shown) cannot be a board name</h1>
                  <p>\(escaped(problem))</p>
                  <p><a href="\(index)">See every board on this server</a></p>
                </section>
              </main>
            </body>
            </html>

            """
        var response = HTTPResponse(status: 404, contentType: "text/html; charset=utf-8", text: html)
        response.headers = [
            HTTPHeader("cache-control", "no-store"),
            HTTPHeader("content-security-policy", PageAsset.contentSecurityPolicy),
            HTTPHeader("x-content-type-options", "nosniff"),
            HTTPHeader("referrer-policy", "no-referrer"),
        ]
        return response
    }

    /// `text` with the characters HTML gives a meaning escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    private static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(
            withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+#")))
            ?? ""
    }
}
