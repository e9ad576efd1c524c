"""The pages checked by axe-core (through axe-playwright-python) in a real Chromium: the index, the
name prompt and a board page with a drag in progress, light and dark, 1280 and 390 pixels wide,
with no violation of serious or critical impact and none of `region`; tiles are one Tab stop
(roving focus) and labels written right to left read and align right to left."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import WAIT_MS, shot

AXE = Axe()


def problems(page):
    """The violations that fail the check: serious or critical ones, and `region` (content outside
    landmarks), each with where it is."""
    found = AXE.run(page).response["violations"]
    return [f"{violation['id']} ({violation['impact']}): {[node['target'] for node in violation['nodes']]}"
            for violation in found if violation["impact"] in ("serious", "critical") or violation["id"] == "region"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [1280, 390])
def test_axe_finds_nothing_serious_on_the_index_the_name_prompt_and_a_board_with_a_drag(server, browser, scheme, width):
    context = browser.new_context(viewport={"width": width, "height": 760}, color_scheme=scheme)
    other = browser.new_context(viewport={"width": width, "height": 760})
    try:
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        page.goto(server.url("/"))
        page.wait_for_selector(".board-card")
        assert problems(page) == [], "index"
        page.goto(server.url("/b/demo"))
        page.wait_for_selector("#name-form:not([hidden])")
        assert problems(page) == [], "name prompt"
        page.fill("#name-form input", "alice")
        page.keyboard.press("Enter")
        page.wait_for_selector('[data-board][data-connection="connected"]')
        bob = other.new_page()
        bob.goto(server.url("/b/demo?user=bob"))
        bob.wait_for_selector('[data-board][data-connection="connected"]')
        bob.focus('[data-item-id="maps"]')
        bob.keyboard.press("Space")
        bob.keyboard.press("ArrowDown")
        page.wait_for_selector("[data-placeholder-for]")
        page.focus('[data-item-id="mail"]')
        page.keyboard.press("Space")
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(".tile.slot")
        # Colours are checked on the board at rest: a tile in flight is hidden under its copy.
        page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')"
                               " && document.querySelector('.landing') === null")
        assert problems(page) == [], "board with drags"
        shot(page, f"axe-board-{scheme}-{width}")
    finally:
        context.close()
        other.close()


def test_tiles_are_one_tab_stop_and_the_arrows_go_from_tile_to_tile(make_server, people):
    server = make_server("--demo")
    page = people(server, "alice")
    assert page.eval_on_selector_all(".tile[tabindex='0']", "tiles => tiles.length") == 1
    stops = page.evaluate("""() => [...document.querySelectorAll('[tabindex], button, a, input')]
        .filter(element => element.tabIndex >= 0 && element.closest('[data-item-id]')).length""")
    assert stops == 1, "one Tab stop among all the tiles"
    page.focus('[data-item-id="mail"]')
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.itemId") == "maps"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.itemId") == "camera"
    assert page.get_attribute('[data-item-id="camera"]', "tabindex") == "0"
    assert page.get_attribute('[data-item-id="mail"]', "tabindex") == "-1"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Rename Camera"
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.closest('[data-item-id]')") is None, "one Shift+Tab leaves the tiles"
    assert page.errors == []


def test_a_label_written_right_to_left_reads_and_aligns_right_to_left(server, people):
    page = people(server, "alice")
    page.click('[data-section-id="todo"] .add-tile')
    page.fill('[data-section-id="todo"] .inline-field input', "שלום עולם")
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    label = page.locator('.tile-label:text-is("שלום עולם")')
    label.wait_for()
    assert label.evaluate("element => getComputedStyle(element).direction") == "rtl"
    text_right = label.evaluate("""element => {
        const range = document.createRange(); range.selectNodeContents(element);
        return range.getBoundingClientRect().right; }""")
    box_right = label.evaluate("element => element.getBoundingClientRect().right")
    assert abs(box_right - text_right) < 2, "the text ends at the right of its tile"
    latin = page.locator('.tile-label:text-is("Mail")')
    assert latin.evaluate("element => getComputedStyle(element).direction") == "ltr"


def test_a_persons_own_undo_is_said_to_them(server, people):
    page = people(server, "alice")
    page.focus('[data-item-id="mail"]')
    page.keyboard.press("Delete")
    page.wait_for_selector('#announcer:text("Deleted Mail")')
    page.keyboard.press("Control+z")
    page.wait_for_selector('#announcer:has-text("Undone: you added Mail")')
