"""Two people on one board in a real Chromium: pointer and keyboard drags, a remote delete
during a drag, a terminal script client editing at the same time, an edit made offline across a
server restart, a person's colour across reloads, and a viewer who sees everything but changes
nothing."""

import json
import subprocess
import threading

from conftest import BIN, center, order, page_order, shot, tile_ids, version, wait_version


def test_a_pointer_drag_shows_as_a_travelling_placeholder_then_lands(server, people):
    alice = people(server, "alice")
    bob = people(server, "bob")
    bob.wait_for_selector('.person-name:text("alice")')
    start = version(bob)
    x, y = center(alice, '[data-item-id="photos"]')
    alice.mouse.move(x, y)
    alice.mouse.down()
    target_x, target_y = center(alice, '[data-section-id="done"] [data-item-id="files"]')
    placeholder = bob.locator('[data-placeholder-for][data-user="alice"]')
    positions = []
    steps = 12
    for step in range(1, steps + 1):
        alice.mouse.move(x + (target_x - x) * step / steps, y + (target_y - y) * step / steps)
        if step == 2:
            placeholder.wait_for()
            assert bob.locator('[data-item-id="photos"]').count() == 0
        if step >= 2:
            bob.wait_for_function("() => document.querySelector('[data-placeholder-for]') !== null")
            box = placeholder.bounding_box()
            positions.append((round(box["x"]), round(box["y"])))
    bob.wait_for_function(
        "() => document.querySelector('[data-section-id=\"done\"] [data-placeholder-for]') !== null")
    box = placeholder.bounding_box()
    positions.append((round(box["x"]), round(box["y"])))
    assert len(set(positions)) >= 2, positions
    assert positions[-1][0] > positions[0][0], positions
    assert alice.locator(".tile.lifted").count() == 1
    shot(alice, "pointer-drag-holder")
    shot(bob, "pointer-drag-watcher")
    alice.mouse.up()
    bob.wait_for_function(
        "() => document.querySelector('[data-placeholder-for]') === null"
        " && document.querySelector('[data-section-id=\"done\"] [data-item-id=\"photos\"]') !== null")
    wait_version(bob, start + 1)
    landed = tile_ids(bob, "done")
    assert landed == tile_ids(alice, "done")
    assert order(server.snapshot("demo"))["done"] == landed
    assert "photos" in landed and "photos" not in tile_ids(bob, "todo")
    alice.wait_for_selector(".tile.lifted", state="detached")
    assert alice.locator('[data-item-id="photos"].landing').count() == 0
    bob.wait_for_selector('#announcer:text("alice moved Photos")')
    shot(bob, "pointer-drag-landed")
    assert alice.errors == [] and bob.errors == []


def test_a_keyboard_drag_moves_a_tile_and_says_so(server, people):
    alice = people(server, "alice")
    bob = people(server, "bob")
    alice.focus('[data-item-id="mail"]')
    alice.keyboard.press("Space")
    alice.wait_for_selector('#announcer:text("Picked up Mail")')
    alice.keyboard.press("ArrowDown")
    alice.keyboard.press("ArrowDown")
    alice.keyboard.press("ArrowRight")
    bob.wait_for_selector('[data-section-id="done"] [data-placeholder-for][data-user="alice"]')
    shot(alice, "keyboard-drag")
    alice.keyboard.press("Enter")
    alice.wait_for_selector('#announcer:text("Dropped Mail in Done, position 3")')
    wait_version(bob, 1)
    expected = ["clock", "camera", "mail", "files", "podcasts", "books"]
    bob.wait_for_function(
        "ids => JSON.stringify([...document.querySelectorAll('[data-section-id=\"done\"] [data-item-id]')]"
        ".map(t => t.dataset.itemId)) === JSON.stringify(ids)", arg=expected)
    assert order(server.snapshot("demo"))["done"] == expected
    assert alice.evaluate("document.activeElement.dataset.itemId") == "mail"
    alice.keyboard.press("Space")
    alice.keyboard.press("ArrowUp")
    alice.keyboard.press("Escape")
    alice.wait_for_selector('#announcer:text("Mail put back")')
    assert tile_ids(alice, "done") == expected
    shot(bob, "keyboard-drag-landed")


def test_a_remote_delete_during_a_drag_ends_it_with_a_notice(server, people):
    alice = people(server, "alice")
    bob = people(server, "bob")
    x, y = center(alice, '[data-item-id="notes"]')
    alice.mouse.move(x, y)
    alice.mouse.down()
    alice.mouse.move(x + 30, y + 60, steps=4)
    bob.wait_for_selector('[data-placeholder-for][data-user="alice"]')
    bob.evaluate("() => window.boardPage.perform({type: 'delete', item: 'notes'})")
    alice.wait_for_selector('.toast:text("Notes was deleted by bob")')
    assert alice.locator(".tile.lifted").count() == 0
    assert alice.locator('[data-item-id="notes"], [data-held-item="notes"]').count() == 0
    shot(alice, "remote-delete-during-drag")
    alice.mouse.move(x + 60, y + 120, steps=3)
    alice.mouse.up()
    assert "notes" not in page_order(alice)["todo"]
    alice.focus('[data-item-id="maps"]')
    alice.keyboard.press("Space")
    alice.keyboard.press("ArrowRight")
    alice.keyboard.press("Space")
    bob.wait_for_selector('[data-section-id="done"] [data-item-id="maps"]')
    assert page_order(alice) == page_order(bob) == order(server.snapshot("demo"))
    assert alice.errors == []


def test_a_script_client_and_the_page_converge_under_concurrent_edits(server, people):
    alice = people(server, "alice")
    url = f"ws://127.0.0.1:{server.port}/boards/demo"
    failures = []

    def script():
        commands = [["add", "From the terminal", "--section", "done", "--at", "0"],
                    ["move", "weather", "--to", "done:1"], ["move", "clock", "--to", "todo:0"],
                    ["rename", "camera", "Camera roll"], ["move", "books", "--to", "todo:2"],
                    ["delete", "podcasts"], ["move", "calendar", "--to", "done:0"]]
        for command in commands:
            result = subprocess.run([str(BIN / "board-client"), url, *command, "--user", "script"],
                                    capture_output=True, timeout=30)
            if result.returncode != 0:
                failures.append((command, result.returncode, result.stderr.decode()))

    runner = threading.Thread(target=script)
    runner.start()
    for item, moves in [("mail", ["ArrowRight", "ArrowDown"]), ("maps", ["ArrowDown", "ArrowDown"]),
                        ("music", ["ArrowRight"]), ("photos", ["ArrowUp"])]:
        alice.focus(f'[data-item-id="{item}"]')
        alice.keyboard.press("Space")
        for key in moves:
            alice.keyboard.press(key)
        alice.keyboard.press("Space")
    runner.join()
    assert failures == []
    alice.wait_for_function("() => !document.querySelector('[data-held-item]')")
    # The script has finished; once the page has nothing unacknowledged, nothing else commits,
    # and the page must reach the server's version.
    alice.wait_for_function("() => window.boardPage.status.pending === 0")
    wait_version(alice, server.snapshot("demo")["version"])
    snapshot = server.snapshot("demo")
    assert version(alice) == snapshot["version"]
    assert page_order(alice) == order(snapshot)
    labels = alice.eval_on_selector_all("[data-item-id]", "tiles => tiles.map(t => t.textContent)")
    assert "Camera roll" in labels and "From the terminal" in labels
    shot(alice, "script-client-converged")


def test_an_edit_made_offline_is_kept_and_sent_after_the_server_restarts(server, people):
    alice = people(server, "alice")
    server.stop()
    alice.wait_for_selector('[data-board]:not([data-connection="connected"])')
    alice.click('[data-section-id="todo"] .add-tile')
    alice.fill('[data-section-id="todo"] .inline-field input', "Written offline")
    alice.keyboard.press("Enter")
    alice.wait_for_selector('[data-section-id="todo"] [data-item-id]:has-text("Written offline")')
    alice.wait_for_selector('#connection:text("1 unsent")')
    shot(alice, "offline-edit")
    server.start()
    alice.wait_for_selector('[data-board][data-connection="connected"]', timeout=30_000)
    wait_version(alice, 1)
    labels = [item["label"] for item in server.snapshot("demo")["sections"][0]["items"]]
    assert labels[-1] == "Written offline"
    assert alice.locator('[data-item-id]:has-text("Written offline")').count() == 1
    shot(alice, "offline-edit-sent")


def test_a_person_keeps_their_colour_when_the_page_is_loaded_again(server, people):
    alice = people(server, "alice")
    bob = people(server, "bob")
    bobs_badge = alice.locator('.person:has(.person-name:text-is("bob"))')
    bobs_badge.wait_for()
    colour = bob.evaluate("() => window.boardPage.status.color")
    clients = {bob.evaluate("() => window.boardPage.status.client")}
    assert bobs_badge.get_attribute("data-color") == colour
    for _ in range(3):
        bob.reload()
        bob.wait_for_selector('[data-board="demo"][data-connection="connected"]')
        clients.add(bob.evaluate("() => window.boardPage.status.client"))
        assert bob.evaluate("() => window.boardPage.status.color") == colour
        alice.wait_for_function(
            "client => window.boardPage.status.peers.some(peer => peer.client === client)",
            arg=bob.evaluate("() => window.boardPage.status.client"))
        assert bobs_badge.count() == 1
        assert bobs_badge.get_attribute("data-color") == colour
    assert len(clients) == 4, "every load is a new connection with a client id of its own"
    assert alice.errors == [] and bob.errors == []


def test_a_viewer_sees_changes_live_and_cannot_change_anything(make_server, people):
    tokens = json.dumps({"tokens": [
        {"token": "editor-secret", "role": "editor", "boards": ["*"]},
        {"token": "viewer-secret", "role": "viewer", "boards": ["*"]}]})
    server = make_server("--demo", "--tokens", "tokens.json", files={"tokens.json": tokens})
    editor = people(server, "erin", token="editor-secret")
    viewer = people(server, "vic", token="viewer-secret")
    viewer.wait_for_selector("#view-only:visible")
    before = server.snapshot("demo", token="editor-secret")
    x, y = center(viewer, '[data-item-id="mail"]')
    viewer.mouse.move(x, y)
    viewer.mouse.down()
    viewer.mouse.move(x + 300, y + 80, steps=6)
    viewer.mouse.up()
    viewer.focus('[data-item-id="maps"]')
    viewer.keyboard.press("Space")
    viewer.keyboard.press("ArrowRight")
    viewer.keyboard.press("Space")
    viewer.keyboard.press("Delete")
    viewer.keyboard.press("Control+z")
    assert viewer.locator(".add-tile:visible, .tile-tools:visible").count() == 0
    assert editor.locator("[data-placeholder-for]").count() == 0
    editor.focus('[data-item-id="weather"]')
    editor.keyboard.press("Space")
    editor.keyboard.press("ArrowRight")
    editor.keyboard.press("Space")
    viewer.wait_for_selector('[data-section-id="done"] [data-item-id="weather"]')
    after = server.snapshot("demo", token="editor-secret")
    assert after["version"] == before["version"] + 1
    assert page_order(viewer) == order(after)
    shot(viewer, "viewer")


def test_a_refused_token_is_a_message_on_the_page(make_server, people):
    tokens = json.dumps({"tokens": [{"token": "team-secret", "role": "editor", "boards": ["team-*"]}]})
    server = make_server("--tokens", "tokens.json", files={"tokens.json": tokens})
    page = people(server, "ann", board="team-a", token="wrong", wait=False)
    page.wait_for_selector('#blocker:visible:has-text("not valid")')
    assert page.get_attribute("[data-board]", "data-connection") == "offline"
    shot(page, "refused-token")
    other = people(server, "ann", board="private", token="team-secret", wait=False)
    other.wait_for_selector('#blocker:visible:has-text("does not open this board")')
