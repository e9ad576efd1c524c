"""The pages' files over plain HTTP from a real board-server: content types, entity tags and
304s, the Content-Security-Policy, and that no path from a URL ever reaches a file."""

import pytest

ASSETS = {
    "/": "text/html; charset=utf-8",
    "/b/demo": "text/html; charset=utf-8",
    "/assets/page.css": "text/css; charset=utf-8",
    "/assets/board.js": "text/javascript; charset=utf-8",
    "/assets/boardsync.js": "text/javascript; charset=utf-8",
    "/assets/icon.svg": "image/svg+xml",
    "/assets/boardsync.wasm": "application/wasm",
}


@pytest.mark.parametrize("path,content_type", ASSETS.items())
def test_every_file_has_its_type_a_tag_and_the_caching_policy(server, path, content_type):
    status, headers, body = server.request(path)
    assert status == 200
    assert headers["content-type"] == content_type
    assert headers["cache-control"] == "no-cache"
    assert headers["etag"].startswith('"') and headers["etag"].endswith('"')
    assert int(headers["content-length"]) == len(body) > 0
    if path == "/assets/boardsync.wasm":
        assert body[:4] == b"\0asm"


@pytest.mark.parametrize("path", ["/", "/b/demo", "/assets/board.js", "/assets/boardsync.wasm"])
def test_a_matching_if_none_match_answers_304_without_a_body(server, path):
    _, headers, _ = server.request(path)
    tag = headers["etag"]
    status, again, body = server.request(path, {"If-None-Match": tag})
    assert status == 304
    assert body == b""
    assert again["etag"] == tag
    assert server.request(path, {"If-None-Match": f'"other", W/{tag}'})[0] == 304
    assert server.request(path, {"If-None-Match": '"something-else"'})[0] == 200


def test_pages_send_a_policy_that_allows_only_this_origin_and_no_inline_script(server):
    for path in ["/", "/b/demo"]:
        _, headers, body = server.request(path)
        policy = headers["content-security-policy"]
        directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
        assert directives["default-src"] == "'none'"
        assert directives["script-src"] == "'self' 'wasm-unsafe-eval'"
        assert directives["connect-src"] == "'self'"
        assert "unsafe-inline" not in policy
        assert headers["x-content-type-options"] == "nosniff"
        assert b"<script>" not in body and b"<script type=\"module\">" not in body


@pytest.mark.parametrize("path", [
    "/assets/../Package.swift", "/assets/../../Package.swift", "/assets/%2e%2e/Package.swift",
    "/assets/%2E%2E%2FPackage.swift", "/assets/..%2fboard.js", "/assets\\board.js", "/assets/%5cboard.js",
    "/assets/%5c..%5cPackage.swift", "/assets/board.js/", "/assets/", "/assets/BOARD.JS", "/assets/board",
    "/index.html", "/board.html",
    "/Page/board.js", "/assets/Page/board.js", "/assets/boardsync-check.wasm", "/Package.swift",
    "/etc/passwd", "/assets/%2fetc%2fpasswd",
])
def test_paths_outside_the_table_are_not_found(server, path):
    status, _, body = server.request(path)
    assert status == 404, (path, status, body[:80])
    assert b"<html" not in body


@pytest.mark.parametrize("path, problem", [
    ("/b/", b"cannot be empty"), ("/b/demo/", "not “/”".encode()), ("/b/bad%20name", b"not a space"),
    ("/b/" + "x" * 65, b"at most 64 characters"),
])
def test_a_board_path_whose_name_cannot_be_a_boards_is_a_404_page_that_says_why(server, path, problem):
    status, headers, body = server.request(path)
    assert status == 404, (path, status, body[:80])
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert b"cannot be a board name" in body and problem in body, body
    assert b'<a href="/">' in body


@pytest.mark.parametrize("path", [
    "/assets//board.js", "//assets/board.js", "/assets/./board.js", "/assets/x/../board.js",
    "/%61ssets/board.js",
])
def test_paths_libwebsockets_normalises_land_on_the_same_table_entry(server, path):
    """libwebsockets decodes escapes and resolves `//`, `.` and `..` before the server sees the
    path (docs/PROTOCOL.md, decision 27): the result is looked up in the table like any path."""
    expected = server.request("/assets/board.js")[1]["etag"]
    status, headers, _ = server.request(path)
    assert (status, headers["etag"]) == (200, expected)


def test_the_board_page_keeps_the_token_rules_and_still_explains(make_server):
    tokens = '{"tokens": [{"token": "edit-secret", "role": "editor", "boards": ["team-*"]}]}'
    server = make_server("--tokens", "tokens.json", files={"tokens.json": tokens})
    assert server.request("/b/team-a")[0] == 401
    assert server.request("/b/team-a?token=wrong")[0] == 401
    assert server.request("/b/other?token=edit-secret")[0] == 403
    status, headers, body = server.request("/b/team-a?token=edit-secret")
    assert status == 200 and b"data-board" in body
    refused = server.request("/b/team-a")
    assert b"data-board" in refused[2]
    assert refused[1]["content-security-policy"] == headers["content-security-policy"]
    assert server.request("/assets/board.js")[0] == 200
    assert server.request("/")[0] == 200
