"""The board page's Export menu in a real Chromium: opened and used with the keyboard or the
mouse, its downloads are exactly what GET /boards/BOARD/export answers."""

import pathlib

from conftest import shot


def exported(server, board, format):
    status, headers, body = server.request(f"/boards/{board}/export?format={format}")
    assert status == 200, (status, body)
    return body


def test_the_keyboard_opens_the_menu_and_downloads_the_csv(server, people):
    page = people(server, "alice")
    button = page.locator(".export-button")
    assert button.get_attribute("aria-expanded") == "false"
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".export-menu:popover-open")
    page.wait_for_selector('.export-button[aria-expanded="true"]')
    assert page.evaluate("document.activeElement.textContent") == "Export as JSON"
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.textContent") == "Export as CSV"
    shot(page, "export-menu-open")
    with page.expect_download() as download:
        page.keyboard.press("Enter")
    saved = download.value
    assert saved.suggested_filename == "demo.csv"
    body = pathlib.Path(saved.path()).read_bytes()
    assert body == exported(server, "demo", "csv")
    assert body.startswith(b"section,item,label\r\n") and body.count(b"\r\n") > 2
    page.wait_for_selector(".export-menu:not(:popover-open)", state="attached")
    page.keyboard.press("Escape")
    assert page.errors == []


def test_the_mouse_downloads_the_json_and_escape_closes_the_menu(server, people):
    page = people(server, "bob")
    page.click(".export-button")
    page.wait_for_selector(".export-menu:popover-open")
    page.keyboard.press("Escape")
    page.wait_for_selector(".export-menu:not(:popover-open)", state="attached")
    page.wait_for_selector('.export-button[aria-expanded="false"]')
    page.click(".export-button")
    with page.expect_download() as download:
        page.click("text=Export as JSON")
    saved = download.value
    assert saved.suggested_filename == "demo.json"
    assert pathlib.Path(saved.path()).read_bytes() == exported(server, "demo", "json")
    assert page.errors == []
