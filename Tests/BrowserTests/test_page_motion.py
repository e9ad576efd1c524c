"""What another person's change looks like on the board page in a real Chromium, seen halfway
through its animations (paused and set to 100 ms as soon as the page shows the change) and then
frame by frame: the moved tile flies as a lifted copy while its neighbours slide, the page ends
every animation once its motion is over, the tile stays marked in the mover's colour for a
moment, a column that moves carries its tiles without them sliding on their own, a tile moved to
a place its column does not show flies to the column's edge and fades there, and nothing moves
for a person who asks for reduced motion. The page's performance timeline holds its latest
message measure only, however many messages came."""

from conftest import shot, wait_version
from long_board import built_board


# Once the board's version passes `version` (right after the page applied the change, its
# animations started), pauses every animation, sets it to 100 ms of its 200 and records the
# places of the elements named by `probes` (CSS selectors) and of the flying copy (`halfway`),
# then lets the animations go on and records the same on every frame until `ms` after the
# change; resolves to { halfway, samples }.
SAMPLER = """async ({ version, probes, ms }) => {
  const board = document.querySelector('[data-board]');
  const look = (t) => {
    const sample = { t };
    for (const [name, selector] of Object.entries(probes)) {
      const element = document.querySelector(selector);
      const rect = element?.getBoundingClientRect();
      sample[name] = rect ? { x: rect.left, y: rect.top, classes: element.className,
        mark: getComputedStyle(element).getPropertyValue('--mark').trim() } : null;
    }
    const copy = document.querySelector('.motion-layer .travelling');
    const rect = copy?.getBoundingClientRect();
    sample.copy = rect ? { x: rect.left, y: rect.top, text: copy.textContent } : null;
    return sample;
  };
  let changedAt = null;
  let halfway = null;
  const changed = () => Number(board.dataset.version) > version;
  await new Promise(resolve => {
    const observer = new MutationObserver(() => {
      if (!changed()) return;
      observer.disconnect();
      changedAt = performance.now();
      const running = document.getAnimations();
      for (const animation of running) { animation.pause(); animation.currentTime = 100; }
      halfway = look(100);
      halfway.animations = running.length;
      for (const animation of running) animation.play();
      resolve();
    });
    observer.observe(board, { attributes: true, attributeFilter: ['data-version'] });
  });
  const samples = [];
  await new Promise(resolve => {
    const step = () => {
      const now = performance.now();
      samples.push(look(now - changedAt));
      if (now - changedAt > ms) resolve();
      else requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  return { halfway, samples };
}"""

MAIL_AND_MAPS = {"maps": '[data-item-id="maps"]', "mail": '[data-item-id="mail"]'}
MAIL_TO_DONE = {"type": "move", "item": "mail", "section": "done", "index": 0}


def watch(page, probes, change, ms=400):
    """Runs SAMPLER in `page` around `change()` (which makes the change, from another page);
    answers the halfway sample and the frames after it."""
    version = int(page.get_attribute("[data-board]", "data-version"))
    handle = page.evaluate_handle(
        "args => { window.__sampling = (" + SAMPLER + ")(args); return true; }",
        {"version": version, "probes": probes, "ms": ms})
    handle.dispose()
    change()
    seen = page.evaluate("() => window.__sampling")
    return seen["halfway"], seen["samples"]


def perform(page, intent):
    """Makes `page`'s person do `intent` (an intent of docs/BROWSER.md)."""
    return lambda: page.evaluate("intent => { window.boardPage.perform(intent); }", intent)


def between(value, start, end):
    """Whether `value` is strictly between `start` and `end`, a pixel away from each."""
    return min(start, end) + 1 < value < max(start, end) - 1


def test_a_remote_move_flies_the_tile_slides_its_neighbours_and_marks_it(server, people):
    alice = people(server, "alice")
    bob = people(server, "bob")
    mail_before = bob.locator('[data-item-id="mail"]').bounding_box()
    maps_before = bob.locator('[data-item-id="maps"]').bounding_box()
    halfway, after = watch(bob, MAIL_AND_MAPS, perform(alice, MAIL_TO_DONE))
    mail_after = bob.locator('[data-item-id="mail"]').bounding_box()
    maps_after = bob.locator('[data-item-id="maps"]').bounding_box()
    assert maps_after["y"] < maps_before["y"] and mail_after["x"] > mail_before["x"]
    assert halfway["copy"] and halfway["copy"]["text"] == "Mail", halfway
    assert between(halfway["copy"]["x"], mail_before["x"], mail_after["x"]), halfway
    assert "landing" in halfway["mail"]["classes"], halfway
    assert between(halfway["maps"]["y"], maps_before["y"], maps_after["y"]), halfway
    landed = [frame["mail"] for frame in after if frame["t"] > 250]
    assert landed and "marked" in landed[-1]["classes"] and "landing" not in landed[-1]["classes"]
    assert landed[-1]["mark"] == colour_value(bob, color_of(alice)), landed[-1]
    assert bob.locator(".motion-layer .travelling").count() == 0
    # Each animation holds its end after its motion, and the page ends them all itself.
    assert bob.evaluate("document.getAnimations().length") == 0
    shot(bob, "remote-move-landed-marked")
    bob.wait_for_selector('[data-item-id="mail"]:not(.marked)', timeout=3_000)
    assert bob.evaluate("performance.getEntriesByName('boardsync:message').length") == 1
    assert alice.errors == [] and bob.errors == []


def test_a_moved_column_carries_its_tiles(server, people):
    alice = people(server, "alice")
    bob = people(server, "bob")
    column_before = bob.locator('[data-section-id="done"]').bounding_box()
    halfway, frames = watch(
        bob, {"column": '[data-section-id="done"]', "tile": '[data-item-id="files"]'},
        perform(alice, {"type": "moveSection", "section": "done", "index": 0}))
    column_after = bob.locator('[data-section-id="done"]').bounding_box()
    assert between(halfway["column"]["x"], column_before["x"], column_after["x"]), halfway
    offsets = {round(frame["tile"]["x"] - frame["column"]["x"]) for frame in [halfway, *frames]}
    assert len(offsets) == 1, (halfway, frames)
    assert alice.errors == [] and bob.errors == []


def test_nothing_moves_under_reduced_motion_but_the_mark_shows(server, people, browser):
    alice = people(server, "alice")
    context = browser.new_context(viewport={"width": 1280, "height": 760}, reduced_motion="reduce")
    try:
        bob = context.new_page()
        bob.goto(server.url("/b/demo?user=bob"))
        bob.wait_for_selector('[data-board="demo"][data-connection="connected"]')
        maps_before = bob.locator('[data-item-id="maps"]').bounding_box()
        halfway, frames = watch(bob, MAIL_AND_MAPS, perform(alice, MAIL_TO_DONE))
        maps_after = bob.locator('[data-item-id="maps"]').bounding_box()
        assert halfway["animations"] == 0 and halfway["copy"] is None, halfway
        assert halfway["maps"]["y"] == maps_after["y"] != maps_before["y"], halfway
        assert not any(frame["copy"] for frame in frames)
        assert "marked" in halfway["mail"]["classes"]
        wait_version(bob, 1)
    finally:
        context.close()


def color_of(page):
    """The colour the page's own person is shown in (the core's PeerColor)."""
    return page.evaluate("() => window.boardPage.status.color")


def colour_value(page, color):
    """The CSS value `page` paints the peer colour `color` with."""
    return page.evaluate(
        "c => getComputedStyle(document.documentElement).getPropertyValue('--peer-' + c).trim()", color)


def test_a_tile_moved_out_of_sight_flies_to_the_edge_of_its_column(make_server, people):
    server = make_server("--rate-burst", "100000", "--rate-per-second", "100000")
    version = built_board(server.port, "long", 3, 60)
    alice = people(server, "alice", board="long")
    bob = people(server, "bob", board="long")
    for page in (alice, bob):
        page.wait_for_function("v => Number(document.querySelector('[data-board]').dataset.version) >= v", arg=version)
    list_box = bob.locator('[data-section-id="s1"] .tiles').bounding_box()
    start = bob.locator('[data-item-id="i0-0"]').bounding_box()
    halfway, frames = watch(bob, {"moved": '[data-item-id="i0-0"]'},
                            perform(alice, {"type": "move", "item": "i0-0", "section": "s1", "index": 60}))
    assert bob.locator('[data-item-id="i0-0"]').bounding_box()["y"] > list_box["y"] + list_box["height"]
    assert halfway["copy"] and halfway["copy"]["text"] == "Tile 0.0", halfway
    assert between(halfway["copy"]["x"], start["x"], list_box["x"] + list_box["width"]), halfway
    assert start["y"] < halfway["copy"]["y"] < list_box["y"] + list_box["height"], (halfway, list_box)
    seen = [frame["copy"]["y"] for frame in frames if frame["copy"]]
    assert seen and max(seen) < list_box["y"] + list_box["height"], (seen, list_box)
    bob.wait_for_selector(".motion-layer .travelling", state="detached")
    assert alice.errors == [] and bob.errors == []
