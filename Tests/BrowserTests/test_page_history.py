"""The page's history panel in a real Chromium against a real board-server: changes listed in the
clients' words, newest first; a version shown read-only; restored after a question that names what
changes, as one change the other person sees; and a viewer who may look but not restore."""

import json

from conftest import order, shot, wait_version


def labels(page, section):
    return page.eval_on_selector_all(
        f'[data-section-id="{section}"] [data-item-id] .tile-label', "tiles => tiles.map(t => t.textContent)")


def wait_labels(page, section, expected):
    page.wait_for_function(
        "([section, labels]) => JSON.stringify([...document.querySelectorAll("
        "`[data-section-id=\"${section}\"] [data-item-id] .tile-label`)].map(t => t.textContent))"
        " === JSON.stringify(labels)",
        arg=[section, expected])


def rows_text(page):
    return page.eval_on_selector_all(
        ".history-list button",
        "rows => rows.map(r => [r.querySelector('.history-version').textContent, r.querySelector('.history-text').textContent])")


def test_a_version_is_shown_read_only_and_restored_as_one_change(server, people):
    alice = people(server, "alice")
    bob = people(server, "bob")
    start = server.snapshot("demo")
    alice.focus('[data-item-id="mail"]')
    alice.keyboard.press("Delete")
    alice.focus('[data-item-id="maps"]')
    alice.keyboard.press("Space")
    alice.keyboard.press("ArrowRight")
    alice.keyboard.press("Enter")
    wait_version(bob, 2)
    alice.click("#history-open")
    rows = alice.locator(".history-list button")
    rows.nth(1).wait_for()
    assert rows_text(alice) == [["v2", "alice moved Maps to Done"], ["v1", "alice deleted Mail"]]
    rows.nth(1).click()
    alice.wait_for_selector(".past-title:text('version 1')")
    assert alice.eval_on_selector_all(".past-section h3", "titles => titles.map(t => t.textContent)") == [
        "To do", "Done"]
    assert "Mail" not in alice.inner_text(".past-board") and "Maps" in alice.inner_text(".past-board")
    alice.click(".history-past .restore")
    question = alice.locator(".restore-question")
    assert question.inner_text() == "Restore the board to version 1? 1 tile moves."
    shot(alice, "history-restore-question")
    alice.click(".restore-no")
    assert alice.is_visible(".history-past .restore")
    rows_back = alice.locator(".past-back")
    rows_back.click()
    alice.locator(".history-list button").last.click()
    alice.wait_for_selector(".past-title:text('version 1')")
    alice.click(".history-past .restore")
    alice.click(".restore-yes")
    assert not alice.is_visible("#history")
    expected = [item["label"] for item in start["sections"][0]["items"] if item["id"] != "mail"]
    wait_labels(bob, "todo", expected)
    bob.wait_for_selector('#announcer:text("alice restored the board to version 1")')
    wait_version(alice, 3)
    assert order(server.snapshot("demo")) == order(json.loads(server.request("/boards/demo?version=1")[2]))
    alice.click("#history-open")
    alice.locator(".history-list button").nth(2).wait_for()
    assert rows_text(alice)[0][0] == "v3"
    alice.keyboard.press("Escape")
    assert not alice.is_visible("#history")
    assert alice.errors == [] and bob.errors == []


def test_a_group_is_one_change_and_a_restore_brings_its_tiles_back_under_new_ids(server, people):
    alice = people(server, "alice")
    alice.focus('[data-item-id="weather"]')
    alice.keyboard.press("Delete")
    wait_version(alice, 1)
    alice.click('[data-item-id="music"]', modifiers=["Control"])
    alice.click('[data-item-id="notes"]', modifiers=["Control"])
    alice.focus('[data-item-id="music"]')
    alice.keyboard.press("Delete")
    wait_version(alice, 3)
    alice.click("#history-open")
    alice.locator(".history-list button").nth(1).wait_for()
    assert rows_text(alice) == [["v2–3", "alice deleted 2 tiles"], ["v1", "alice deleted Weather"]]
    alice.locator(".history-list button").last.click()
    alice.wait_for_selector(".past-title:text('version 1')")
    alice.click(".history-past .restore")
    assert alice.inner_text(".restore-question") == "Restore the board to version 1? 2 tiles come back."
    alice.click(".restore-yes")
    wait_labels(alice, "todo", ["Mail", "Maps", "Photos", "Music", "Notes", "Calendar"])
    wait_version(alice, 5)
    snapshot = server.snapshot("demo")
    assert [item["label"] for item in snapshot["sections"][0]["items"]] == labels(alice, "todo")
    assert alice.errors == []


def test_a_viewer_sees_the_history_and_cannot_restore(make_server, people):
    tokens = {"tokens": [{"token": "e" * 32, "role": "editor", "boards": ["*"]},
                         {"token": "v" * 32, "role": "viewer", "boards": ["*"]}]}
    server = make_server("--demo", "--tokens", "tokens.json", files={"tokens.json": json.dumps(tokens)})
    alice = people(server, "alice", token="e" * 32)
    viewer = people(server, "vera", token="v" * 32)
    alice.focus('[data-item-id="mail"]')
    alice.keyboard.press("Delete")
    wait_version(viewer, 1)
    viewer.click("#history-open")
    viewer.locator(".history-list button").first.wait_for()
    assert rows_text(viewer) == [["v1", "alice deleted Mail"]]
    viewer.locator(".history-list button").first.click()
    viewer.wait_for_selector(".past-title:text('version 1')")
    assert viewer.is_disabled(".history-past .restore")
    assert viewer.errors == []
