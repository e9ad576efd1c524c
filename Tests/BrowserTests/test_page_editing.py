"""Editing on the board page in a real Chromium: a tile's tools come to the tile under the pointer
or with the focus, by mouse and by keyboard; renaming, deleting, adding and undoing reach the
server and the other person."""

from conftest import order, shot, tile_ids, wait_version


def test_the_tools_follow_the_pointer_and_rename_a_tile(server, people):
    alice = people(server, "alice")
    bob = people(server, "bob")
    assert alice.locator(".tile-tools").count() == 0
    alice.hover('[data-item-id="maps"]')
    tools = alice.locator('[data-item-id="maps"] .tile-tools')
    tools.wait_for()
    assert alice.locator(".tile-tools").count() == 1
    assert alice.get_attribute('[data-item-id="maps"] .rename-tile', "aria-label") == "Rename Maps"
    assert alice.text_content('[data-item-id="maps"]') == "Maps"
    alice.hover('[data-item-id="photos"]')
    alice.locator('[data-item-id="photos"] .tile-tools').wait_for()
    assert alice.locator('[data-item-id="maps"] .tile-tools').count() == 0
    alice.click('[data-item-id="photos"] .rename-tile')
    field = alice.locator('[data-item-id="photos"] input')
    field.fill("Photo library")
    shot(alice, "rename-in-place")
    field.press("Enter")
    bob.wait_for_selector('[data-item-id="photos"]:has-text("Photo library")')
    snapshot = server.snapshot("demo")
    labels = {item["id"]: item["label"] for section in snapshot["sections"] for item in section["items"]}
    assert labels["photos"] == "Photo library"
    alice.hover('[data-item-id="photos"]')
    assert alice.get_attribute('[data-item-id="photos"] .rename-tile', "aria-label") == "Rename Photo library"
    assert alice.errors == [] and bob.errors == []


def test_the_tools_are_reached_with_the_keyboard_and_undo_brings_a_deleted_tile_back(server, people):
    alice = people(server, "alice")
    bob = people(server, "bob")
    before = tile_ids(alice, "todo")
    alice.focus('[data-item-id="music"]')
    alice.keyboard.press("Tab")
    assert alice.evaluate("document.activeElement.getAttribute('aria-label')") == "Rename Music"
    alice.keyboard.press("Tab")
    assert alice.evaluate("document.activeElement.getAttribute('aria-label')") == "Delete Music"
    alice.keyboard.press("Enter")
    bob.wait_for_selector('[data-item-id="music"]', state="detached")
    alice.wait_for_selector('#announcer:text("Deleted Music")')
    assert alice.evaluate("document.activeElement.dataset.itemId") == before[before.index("music") + 1]
    assert "music" not in order(server.snapshot("demo"))["todo"]
    alice.keyboard.press("Control+z")
    bob.wait_for_function("() => document.querySelectorAll('[data-section-id=\"todo\"] [data-item-id]').length === %d"
                          % len(before))
    restored = order(server.snapshot("demo"))["todo"]
    assert len(restored) == len(before)
    assert alice.locator('[data-section-id="todo"] .tile-label:text-is("Music")').count() == 1
    assert tile_ids(bob, "todo") == restored == tile_ids(alice, "todo")
    assert alice.errors == [] and bob.errors == []


def test_a_tile_added_at_the_end_of_a_section_reaches_the_other_person(server, people):
    alice = people(server, "alice")
    bob = people(server, "bob")
    start = int(alice.get_attribute("[data-board]", "data-version"))
    alice.click('[data-section-id="done"] .add-tile')
    field = alice.locator('[data-section-id="done"] .column-foot input')
    field.fill("Backups")
    field.press("Enter")
    wait_version(bob, start + 1)
    bob.wait_for_selector('[data-section-id="done"] .tile-label:text-is("Backups")')
    labels = bob.eval_on_selector_all('[data-section-id="done"] [data-item-id]', "tiles => tiles.map(t => t.textContent)")
    assert labels[-1] == "Backups"
    assert tile_ids(alice, "done") == tile_ids(bob, "done") == order(server.snapshot("demo"))["done"]
    assert alice.errors == [] and bob.errors == []
