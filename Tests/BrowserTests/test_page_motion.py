"""What another person's change looks like on the board page, sampled frame by frame in a real
Chromium: the moved tile flies as a lifted copy while its neighbours slide, it stays marked in
the mover's colour for a moment, a column that moves carries its tiles without them sliding on
their own, and nothing moves for a person who asks for reduced motion."""

import json

from conftest import shot, wait_version

# Records, on every animation frame until `ms` after the board's version passes `version`, the
# places of the elements named by `probes` (CSS selectors), and of the flying copy; resolves to
# the samples.
SAMPLER = """async ({ version, probes, ms }) => {
  const board = document.querySelector('[data-board]');
  const samples = [];
  let changedAt = null;
  await new Promise(resolve => {
    const step = () => {
      const now = performance.now();
      if (changedAt === null && Number(board.dataset.version) > version) changedAt = now;
      const sample = { t: changedAt === null ? null : now - changedAt };
      for (const [name, selector] of Object.entries(probes)) {
        const element = document.querySelector(selector);
        const rect = element?.getBoundingClientRect();
        sample[name] = rect ? { x: rect.left, y: rect.top, classes: element.className,
          mark: getComputedStyle(element).getPropertyValue('--mark').trim() } : null;
      }
      const copy = document.querySelector('.motion-layer .travelling');
      const rect = copy?.getBoundingClientRect();
      sample.copy = rect ? { x: rect.left, y: rect.top, text: copy.textContent } : null;
      samples.push(sample);
      if (changedAt !== null && now - changedAt > ms) resolve();
      else requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  return samples;
}"""


def sample(page, probes, ms=400):
    """Starts the sampler in `page` and answers a function that waits for its samples."""
    version = int(page.get_attribute("[data-board]", "data-version"))
    handle = page.evaluate_handle(
        "args => { window.__sampling = (" + SAMPLER + ")(args); return true; }",
        {"version": version, "probes": probes, "ms": ms})
    handle.dispose()
    return lambda: page.evaluate("() => window.__sampling")


def moving(values, start, end):
    """The values strictly between `start` and `end` (with a pixel of margin)."""
    low, high = min(start, end) + 1, max(start, end) - 1
    return [value for value in values if low < value < high]


def test_a_remote_move_flies_the_tile_slides_its_neighbours_and_marks_it(server, people):
    alice = people(server, "alice")
    bob = people(server, "bob")
    mail_before = bob.locator('[data-item-id="mail"]').bounding_box()
    maps_before = bob.locator('[data-item-id="maps"]').bounding_box()
    samples = sample(bob, {"maps": '[data-item-id="maps"]', "mail": '[data-item-id="mail"]'})
    alice.evaluate("() => window.boardPage.perform({type: 'move', item: 'mail', section: 'done', index: 0})")
    frames = samples()
    after = [frame for frame in frames if frame["t"] is not None]
    assert after, frames
    mail_after = bob.locator('[data-item-id="mail"]').bounding_box()
    maps_after = bob.locator('[data-item-id="maps"]').bounding_box()
    assert maps_after["y"] < maps_before["y"] and mail_after["x"] > mail_before["x"]
    copies = [frame["copy"] for frame in after if frame["copy"]]
    assert copies and all(copy["text"] == "Mail" for copy in copies), after
    assert moving([copy["x"] for copy in copies], mail_before["x"], mail_after["x"]), copies
    assert moving([frame["maps"]["y"] for frame in after], maps_before["y"], maps_after["y"]), after
    landed = [frame["mail"] for frame in after if frame["t"] > 250]
    assert landed and "marked" in landed[-1]["classes"] and "landing" not in landed[-1]["classes"]
    assert landed[-1]["mark"] == colour_value(bob, color_of(alice)), landed[-1]
    assert bob.locator(".motion-layer .travelling").count() == 0
    shot(bob, "remote-move-landed-marked")
    bob.wait_for_selector('[data-item-id="mail"]:not(.marked)', timeout=3_000)
    assert alice.errors == [] and bob.errors == []


def test_a_moved_column_carries_its_tiles(server, people):
    alice = people(server, "alice")
    bob = people(server, "bob")
    samples = sample(bob, {"column": '[data-section-id="done"]', "tile": '[data-item-id="files"]'})
    alice.evaluate("() => window.boardPage.perform({type: 'moveSection', section: 'done', index: 0})")
    frames = [frame for frame in samples() if frame["t"] is not None]
    columns = [frame["column"]["x"] for frame in frames]
    assert len(set(round(x) for x in columns)) > 2, columns
    offsets = {round(frame["tile"]["x"] - frame["column"]["x"]) for frame in frames}
    assert len(offsets) == 1, frames
    assert alice.errors == [] and bob.errors == []


def test_nothing_moves_under_reduced_motion_but_the_mark_shows(server, people, browser):
    alice = people(server, "alice")
    context = browser.new_context(viewport={"width": 1280, "height": 760}, reduced_motion="reduce")
    try:
        bob = context.new_page()
        bob.goto(server.url("/b/demo?user=bob"))
        bob.wait_for_selector('[data-board="demo"][data-connection="connected"]')
        maps_before = bob.locator('[data-item-id="maps"]').bounding_box()
        samples = sample(bob, {"maps": '[data-item-id="maps"]', "mail": '[data-item-id="mail"]'})
        alice.evaluate("() => window.boardPage.perform({type: 'move', item: 'mail', section: 'done', index: 0})")
        frames = [frame for frame in samples() if frame["t"] is not None]
        maps_after = bob.locator('[data-item-id="maps"]').bounding_box()
        assert not any(frame["copy"] for frame in frames)
        assert not moving([frame["maps"]["y"] for frame in frames], maps_before["y"], maps_after["y"]), frames
        assert "marked" in frames[0]["mail"]["classes"]
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


def test_the_sampler_sees_nothing_move_without_a_change(server, people):
    bob = people(server, "bob")
    version = int(bob.get_attribute("[data-board]", "data-version"))
    frames = bob.evaluate(
        "args => (" + SAMPLER + ")(args)",
        {"version": version - 1, "probes": {"maps": '[data-item-id="maps"]'}, "ms": 150})
    assert len({json.dumps(frame["maps"]) for frame in frames}) == 1
    assert not any(frame["copy"] for frame in frames)
