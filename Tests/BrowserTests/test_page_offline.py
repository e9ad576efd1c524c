"""The board page offline in a real Chromium: its files come from its service worker with the
server stopped or the browser offline, its unsent edits survive a reload, a closed tab and a
browser restart, and are committed exactly once when the server is back; two tabs of one board
never send the same edits; a new release's files replace the kept ones; a browser that keeps
nothing says so and asks before leaving with unsent edits; the page is installable."""

import json
import shutil
import tempfile

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from conftest import CHROMIUM, WAIT_MS, Server, order, page_order, shot, tile_ids, wait_version
from storage import REFUSE_STORAGE


def open_board(context, server, user, board="demo"):
    """A page of `context` on `board` as `user`, once it shows the board."""
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(server.url(f"/b/{board}?user={user}"))
    page.wait_for_selector(f'[data-board="{board}"] [data-item-id]')
    return page


def live(page):
    page.wait_for_selector('[data-board][data-connection="connected"]', timeout=30_000)
    page.wait_for_selector('#connection:text-is("Connected")', timeout=30_000)


def settled(server, *pages):
    """Waits until every page has no unsent edit and shows the server's version."""
    for page in pages:
        page.wait_for_function("() => window.boardPage.status.pending === 0", timeout=30_000)
    version = server.snapshot("demo")["version"]
    for page in pages:
        wait_version(page, version)


def kept_offline(page):
    """Waits until the page's files are kept by its worker."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def unsent(page, count):
    """Waits until the page shows `count` unsent edits, all of them kept in the browser; when it
    does not, fails saying what the page shows and what the browser keeps."""
    try:
        page.wait_for_selector(f'#connection:has-text("· {count} unsent")')
        page.wait_for_function("() => !window.boardPage.kept.atRisk")
    except PlaywrightTimeoutError as timeout:
        raise AssertionError(f"the page did not show {count} unsent edits kept: {page.evaluate(KEPT_STATE)}") from timeout


# What a page shows of its connection and its unsent edits, and every session its browser keeps.
KEPT_STATE = """async () => {
  const kept = async () => {
    const database = await new Promise((resolve, reject) => {
      const request = indexedDB.open('board-sync');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const records = database.objectStoreNames.contains('sessions') ? await new Promise((resolve) => {
      const request = database.transaction('sessions').objectStore('sessions').getAll();
      request.onsuccess = () => resolve(request.result.map(({ client, pending, at }) => ({ client, pending, at })));
    }) : [];
    database.close();
    return records;
  };
  const records = await kept().catch((error) => `none readable: ${error}`);
  const status = window.boardPage?.status;
  return {
    shown: document.getElementById('connection').textContent, onLine: navigator.onLine,
    controlled: navigator.serviceWorker.controller !== null, notices: document.getElementById('notices').textContent,
    session: status && { client: status.client, phase: status.phase, pending: status.pending }, records,
  };
}"""


def add_tile(page, section, label):
    page.click(f'[data-section-id="{section}"] .add-tile')
    page.fill(f'[data-section-id="{section}"] .inline-field input', label)
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")


def rename(page, item, label):
    page.focus(f'[data-item-id="{item}"]')
    page.keyboard.press("F2")
    page.fill(f'[data-item-id="{item}"] input', label)
    page.keyboard.press("Enter")


def move_right(page, item):
    page.focus(f'[data-item-id="{item}"]')
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")


def history_by(server, user):
    status, _, body = server.request("/boards/demo/history?limit=1000")
    assert status == 200
    return [entry for entry in json.loads(body)["ops"] if entry["user"] == user]


def labels(snapshot):
    return [item["label"] for section in snapshot["sections"] for item in section["items"]]


def shows_offline_edits(page):
    assert page.locator('[data-item-id] .tile-label:text-is("Written offline")').count() == 1
    assert page.locator('[data-item-id="maps"]').text_content() == "Atlas"
    assert "photos" in tile_ids(page, "done")


def test_edits_made_with_the_server_stopped_survive_a_reload_and_a_closed_tab_and_are_committed_once(server, browser):
    alice_context = browser.new_context(viewport={"width": 1280, "height": 760})
    bob_context = browser.new_context(viewport={"width": 1280, "height": 760})
    try:
        alice = open_board(alice_context, server, "alice")
        bob = open_board(bob_context, server, "bob")
        live(alice)
        kept_offline(alice)
        server.stop()
        alice.wait_for_selector('[data-board]:not([data-connection="connected"])')
        add_tile(alice, "todo", "Written offline")
        rename(alice, "maps", "Atlas")
        move_right(alice, "photos")
        unsent(alice, 3)
        alice.reload()
        unsent(alice, 3)
        shows_offline_edits(alice)
        shot(alice, "offline-reloaded-with-unsent-edits")
        alice.emulate_media(color_scheme="dark")
        shot(alice, "offline-reloaded-with-unsent-edits-dark")
        alice.close()
        alice = open_board(alice_context, server, "alice")
        unsent(alice, 3)
        shows_offline_edits(alice)
        server.start()
        live(alice)
        settled(server, alice, bob)
        snapshot = server.snapshot("demo")
        assert labels(snapshot).count("Written offline") == 1
        assert "photos" in order(snapshot)["done"]
        assert len(history_by(server, "alice")) == 3, "each edit committed exactly once"
        assert page_order(alice) == page_order(bob) == order(snapshot)
        assert alice.errors == [] and bob.errors == []
    finally:
        alice_context.close()
        bob_context.close()


def test_edits_made_in_offline_mode_survive_a_browser_restart(server, browser):
    profile = tempfile.mkdtemp(prefix="board-profile-")
    launch = lambda: browser.browser_type.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=["--no-sandbox"], viewport={"width": 1280, "height": 760})
    bob_context = browser.new_context()
    try:
        context = launch()
        alice = open_board(context, server, "alice")
        live(alice)
        kept_offline(alice)
        context.set_offline(True)
        alice.wait_for_selector('[data-board][data-connection="offline"]')
        rename(alice, "maps", "Atlas")
        add_tile(alice, "done", "Typed on a train")
        unsent(alice, 2)
        context.close()
        context = launch()
        context.set_offline(True)
        alice = open_board(context, server, "alice")
        unsent(alice, 2)
        assert alice.locator('[data-item-id] .tile-label:text-is("Typed on a train")').count() == 1
        context.set_offline(False)
        live(alice)
        bob = open_board(bob_context, server, "bob")
        live(bob)
        settled(server, alice, bob)
        assert page_order(alice) == page_order(bob) == order(server.snapshot("demo"))
        assert labels(server.snapshot("demo")).count("Typed on a train") == 1
        assert len(history_by(server, "alice")) == 2
        context.close()
    finally:
        bob_context.close()
        shutil.rmtree(profile, ignore_errors=True)


def test_two_tabs_of_one_board_never_send_the_same_edits(server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 760})
    bob_context = browser.new_context()
    try:
        first = open_board(context, server, "alice")
        second = open_board(context, server, "alice")
        live(first)
        live(second)
        kept_offline(first)
        assert first.evaluate("window.boardPage.status.client") != second.evaluate("window.boardPage.status.client")
        server.stop()
        second.wait_for_selector('[data-board]:not([data-connection="connected"])')
        add_tile(first, "todo", "From the first tab")
        add_tile(second, "done", "From the second tab")
        unsent(first, 1)
        unsent(second, 1)
        first.reload()
        second.reload()
        unsent(first, 1)
        unsent(second, 1)
        clients = {first.evaluate("window.boardPage.status.client"), second.evaluate("window.boardPage.status.client")}
        assert len(clients) == 2, "each tab took back its own kept session"
        first.close()
        second.close()
        only = open_board(context, server, "alice")
        server.start()
        live(only)
        bob = open_board(bob_context, server, "bob")
        for label in ("From the first tab", "From the second tab"):
            bob.wait_for_selector(f'[data-item-id] .tile-label:text-is("{label}")', timeout=30_000)
            only.wait_for_selector(f'[data-item-id] .tile-label:text-is("{label}")', timeout=30_000)
        settled(server, only, bob)
        snapshot = server.snapshot("demo")
        assert labels(snapshot).count("From the first tab") == 1
        assert labels(snapshot).count("From the second tab") == 1
        assert len(history_by(server, "alice")) == 2
        assert page_order(only) == page_order(bob) == order(snapshot)
    finally:
        context.close()
        bob_context.close()


def test_a_new_release_replaces_the_kept_page_files(server, browser, tmp_path):
    """The same server binary with other page files (as a new release brings) on the same port and
    data: the next load shows the new files, and so does a load with that server stopped."""
    release = tmp_path / "release"
    release.mkdir()
    shutil.copy2(server.binary, release / "board-server")
    bundle = next(server.binary.parent.glob("*_BoardServer.resources"))
    shutil.copytree(bundle, release / bundle.name)
    page_file = release / bundle.name / "Page" / "board.html"
    page_file.write_text(page_file.read_text().replace("<title>", '<meta name="release" content="new">\n  <title>'))
    release_of = "() => document.querySelector('meta[name=release]')?.content ?? 'first'"
    context = browser.new_context()
    try:
        page = open_board(context, server, "alice")
        kept_offline(page)
        server.stop()
        page.reload()
        page.wait_for_selector('[data-board="demo"]')
        assert page.evaluate(release_of) == "first"
        newer = Server(server.directory, "--demo", binary=release / "board-server", port=server.port)
        try:
            page.reload()
            live(page)
            assert page.evaluate(release_of) == "new"
        finally:
            newer.stop()
        page.reload()
        page.wait_for_selector('[data-board="demo"]')
        assert page.evaluate(release_of) == "new", "the kept files are the new release's"
        server.start()
    finally:
        context.close()


def test_a_browser_that_keeps_nothing_says_so_and_asks_before_leaving_with_unsent_edits(server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 760})
    kept_context = browser.new_context(viewport={"width": 1280, "height": 760})
    try:
        context.add_init_script(REFUSE_STORAGE)
        page = open_board(context, server, "alice")
        warning = page.locator(".storage-warning")
        warning.wait_for()
        assert "lost if you leave or reload" in warning.text_content()
        kept = open_board(kept_context, server, "kim")
        live(kept)
        assert kept.locator(".storage-warning").count() == 0
        server.stop()
        page.wait_for_selector('[data-board]:not([data-connection="connected"])')
        kept.wait_for_selector('[data-board]:not([data-connection="connected"])')
        rename(page, "maps", "Atlas")
        rename(kept, "mail", "Letters")
        page.wait_for_selector('#connection:has-text("· 1 unsent")')
        unsent(kept, 1)
        shot(page, "no-storage-warning")
        page.emulate_media(color_scheme="dark")
        shot(page, "no-storage-warning-dark")
        with page.expect_event("dialog") as asked:
            page.close(run_before_unload=True)
        assert asked.value.type == "beforeunload"
        asked.value.dismiss()
        assert not page.is_closed(), "leaving was refused, the edits stay"
        with kept.expect_event("close"):
            kept.close(run_before_unload=True)
        assert kept.is_closed(), "a browser that keeps the edits does not ask"
    finally:
        context.close()
        kept_context.close()


def test_the_page_is_installable(server, browser, tmp_path):
    """Chromium's own check, in a profile of its own (a private window never offers to install)."""
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=CHROMIUM, args=["--no-sandbox"])
    try:
        page = open_board(context, server, "alice")
        kept_offline(page)
        session = context.new_cdp_session(page)
        assert session.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = json.loads(server.request("/assets/manifest.webmanifest")[2])
        assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}
    finally:
        context.close()
