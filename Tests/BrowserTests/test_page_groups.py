"""Several tiles as one on the page, in a real Chromium against a real board-server: tiles
selected with Control-click and Shift-click, dragged as one block with the pointer (the other
person sees a block of placeholder cells, together and in order), dropped as one group (one
entry in the server's history), undone and redone with the keys as one change; the keyboard
selects with Control-Space and deletes the selection at once."""

import json

from conftest import center, order, shot, tile_ids, wait_version


def history(server):
    status, _, body = server.request("/boards/demo/history?limit=1000")
    assert status == 200, (status, body)
    return sorted(json.loads(body)["ops"], key=lambda entry: entry["version"])


def selection(page):
    return page.eval_on_selector_all(".tile.selected", "tiles => tiles.map(tile => tile.dataset.itemId)")


def wait_order(page, section, ids):
    page.wait_for_function(
        "([section, ids]) => JSON.stringify([...document.querySelectorAll("
        "`[data-section-id=\"${section}\"] [data-item-id]`)].map(t => t.dataset.itemId)) === JSON.stringify(ids)",
        arg=[section, ids])


def test_a_selection_dragged_with_the_pointer_is_one_block_for_the_other_person_and_one_group(server, people):
    alice = people(server, "alice")
    bob = people(server, "bob")
    bob.wait_for_selector('.person-name:text("alice")')
    alice.click('[data-item-id="music"]', modifiers=["Control"])
    alice.click('[data-item-id="mail"]', modifiers=["Control"])
    alice.wait_for_selector('#announcer:text("2 selected")')
    assert sorted(selection(alice)) == ["mail", "music"]
    assert alice.get_attribute('[data-item-id="mail"]', "aria-describedby") == "drag-help selected-help"
    x, y = center(alice, '[data-item-id="music"]')
    alice.mouse.move(x, y)
    alice.mouse.down()
    target_x, target_y = center(alice, '[data-section-id="done"] [data-item-id="files"]')
    steps = 10
    for step in range(1, steps + 1):
        alice.mouse.move(x + (target_x - x) * step / steps, y + (target_y - y) * step / steps)
    assert alice.locator(".tile.lifted .stack-count").inner_text() == "2"
    bob.wait_for_function(
        "() => document.querySelectorAll('[data-section-id=\"done\"] [data-placeholder-for]').length === 2")
    cells = bob.eval_on_selector_all(
        '[data-section-id="done"] .tile',
        "tiles => tiles.map(t => t.dataset.placeholderFor ? 'placeholder:' + t.dataset.user : t.dataset.itemId)")
    first = cells.index("placeholder:alice")
    assert cells[first:first + 2] == ["placeholder:alice", "placeholder:alice"], cells
    labels = bob.eval_on_selector_all(
        '[data-section-id="done"] [data-placeholder-for]', "tiles => tiles.map(t => t.getAttribute('aria-label'))")
    assert labels == ["alice is moving Mail", "alice is moving Music"], "the block keeps the board's order"
    assert bob.locator('[data-section-id="todo"] [data-item-id="mail"]').count() == 0
    shot(alice, "group-drag-holder")
    shot(bob, "group-drag-watcher")
    before = len(history(server))
    alice.mouse.up()
    bob.wait_for_selector('#announcer:text("alice moved 2 tiles to Done")')
    done = order(server.snapshot("demo"))["done"]
    at = done.index("mail")
    assert done[at:at + 2] == ["mail", "music"]
    wait_order(bob, "done", done)
    wait_order(alice, "done", done)
    assert selection(alice) == [], "a drop ends the selection"
    entries = history(server)[before:]
    assert [entry["op"]["item"] for entry in entries] == ["mail", "music"]
    assert all(entry["version"] == entries[0]["version"] + i for i, entry in enumerate(entries))
    assert alice.errors == [] and bob.errors == []


def wait_labels(page, section, labels):
    page.wait_for_function(
        "([section, labels]) => JSON.stringify([...document.querySelectorAll("
        "`[data-section-id=\"${section}\"] [data-item-id] .tile-label`)].map(t => t.textContent))"
        " === JSON.stringify(labels)",
        arg=[section, labels])


def test_undo_and_redo_take_a_group_back_and_put_it_back_as_one_change(server, people):
    """Undo brings deleted tiles back under new ids (protocol 10.3), so they are compared by
    label."""
    alice = people(server, "alice")
    bob = people(server, "bob")
    every = ["Mail", "Maps", "Photos", "Music", "Notes", "Calendar", "Weather"]
    alice.click('[data-item-id="maps"]', modifiers=["Control"])
    alice.click('[data-item-id="notes"]', modifiers=["Shift"])
    alice.wait_for_selector('#announcer:text("4 tiles selected")')
    assert sorted(selection(alice)) == ["maps", "music", "notes", "photos"]
    alice.focus('[data-item-id="maps"]')
    alice.keyboard.press("Delete")
    wait_labels(bob, "todo", ["Mail", "Calendar", "Weather"])
    bob.wait_for_selector('#announcer:text("alice deleted 4 tiles")')
    deleted = len(history(server))
    alice.keyboard.press("Control+z")
    wait_labels(bob, "todo", every)
    assert len(history(server)) == deleted + 4
    assert alice.is_enabled("#redo")
    alice.keyboard.press("Control+Shift+Z")
    wait_labels(bob, "todo", ["Mail", "Calendar", "Weather"])
    alice.keyboard.press("Control+z")
    wait_labels(alice, "todo", every)
    alice.keyboard.press("Control+y")
    wait_labels(bob, "todo", ["Mail", "Calendar", "Weather"])
    wait_version(alice, len(history(server)))
    assert alice.is_disabled("#redo")
    assert alice.errors == [] and bob.errors == []


def test_the_keyboard_selects_tiles_and_carries_them_as_one(server, people):
    alice = people(server, "alice")
    bob = people(server, "bob")
    alice.focus('[data-item-id="mail"]')
    alice.keyboard.press("Control+Space")
    alice.keyboard.press("ArrowDown")
    alice.keyboard.press("ArrowDown")
    alice.keyboard.press("Control+Space")
    alice.wait_for_selector('#announcer:text("2 selected")')
    assert sorted(selection(alice)) == ["mail", "photos"]
    shot(alice, "group-selection")
    alice.keyboard.press("Space")
    alice.wait_for_selector('#announcer:text("Picked up 2 tiles")')
    alice.keyboard.press("ArrowRight")
    bob.wait_for_function(
        "() => document.querySelectorAll('[data-section-id=\"done\"] [data-placeholder-for]').length === 2")
    alice.keyboard.press("Enter")
    alice.wait_for_selector('#announcer:text("Dropped 2 tiles in Done")')
    alice.wait_for_function("() => window.boardPage.status.pending === 0")
    wait_order(bob, "done", order(server.snapshot("demo"))["done"])
    done = tile_ids(bob, "done")
    at = done.index("mail")
    assert done[at:at + 2] == ["mail", "photos"], "the block lands together, in the board's order"
    alice.click('[data-item-id="maps"]', modifiers=["Control"])
    alice.focus('[data-item-id="maps"]')
    alice.keyboard.press("Escape")
    alice.wait_for_function("() => document.querySelector('.tile.selected') === null")
    assert alice.errors == [] and bob.errors == []


def test_a_tile_someone_else_moved_is_marked_in_their_colour_not_shown_as_selected(server, people):
    """The outline of another person's change and this person's selection are two things: a
    tile bob moves is not shown selected to alice, and a tile alice selected stays selected
    when bob moves it and its mark ends."""
    alice = people(server, "alice")
    bob = people(server, "bob")
    alice.click('[data-item-id="maps"]', modifiers=["Control"])
    alice.wait_for_selector('[data-item-id="maps"].selected')
    version = int(alice.get_attribute("[data-board]", "data-version"))
    bob.evaluate("intent => { window.boardPage.perform(intent); }",
                 {"type": "move", "item": "mail", "section": "done", "index": 0})
    alice.wait_for_selector('[data-section-id="done"] [data-item-id="mail"].marked')
    assert selection(alice) == ["maps"]
    assert alice.get_attribute('[data-item-id="mail"]', "aria-describedby") == "drag-help"
    bob.evaluate("intent => { window.boardPage.perform(intent); }",
                 {"type": "move", "item": "maps", "section": "done", "index": 0})
    alice.wait_for_selector('[data-section-id="done"] [data-item-id="maps"].marked')
    wait_version(alice, version + 2)
    alice.wait_for_selector('[data-item-id="maps"]:not(.marked)', timeout=5_000)
    assert selection(alice) == ["maps"]
    assert alice.get_attribute('[data-item-id="maps"]', "aria-describedby") == "drag-help selected-help"
    assert alice.errors == [] and bob.errors == []
