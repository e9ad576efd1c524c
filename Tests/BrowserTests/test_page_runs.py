"""A long board on the page: the tiles of a column are kept in runs (each laid out and painted on
its own), which split, join and empty as tiles come and go. Through a seeded storm of moves,
inserts and deletes by two people, every column shows exactly its section's tiles in order, no
run is empty or grows past its limit, and both pages end as the server's board. A column that
grows at its end puts the new tiles in new runs and moves none of the tiles it had."""

import json
import random

from conftest import order, page_order
from long_board import built_board

SECTIONS = 3
PER_SECTION = 90
MAX_RUN = 64

# Every problem with the runs of the page's columns, as text; empty when all is well.
RUN_PROBLEMS = """() => {
  const problems = [];
  const view = window.boardPage.board.view;
  for (const section of view.sections) {
    const column = document.querySelector(`[data-section-id="${section.id}"]`);
    const runs = [...column.querySelectorAll('.tiles > .run')];
    const shown = runs.flatMap(run => [...run.children].map(tile => tile.dataset.key));
    const wanted = section.cells.map(cell => cell.id);
    if (JSON.stringify(shown) !== JSON.stringify(wanted)) problems.push(`${section.id}: tiles out of order`);
    for (const run of runs) {
      if (run.childElementCount === 0) problems.push(`${section.id}: an empty run`);
      if (run.childElementCount > %d) problems.push(`${section.id}: a run of ${run.childElementCount}`);
    }
    if (column.querySelectorAll('.tiles > :not(.run)').length > 0) problems.push(`${section.id}: a tile outside the runs`);
  }
  return problems;
}""" % MAX_RUN


def test_runs_keep_every_column_in_order_through_a_storm_of_changes(make_server, people):
    server = make_server("--rate-burst", "100000", "--rate-per-second", "100000")
    version = built_board(server.port, "long", SECTIONS, PER_SECTION)
    alice = people(server, "alice", board="long")
    bob = people(server, "bob", board="long")
    for page in (alice, bob):
        page.wait_for_function("v => Number(document.querySelector('[data-board]').dataset.version) >= v", arg=version)
        assert page.evaluate(RUN_PROBLEMS) == []
        assert page.evaluate("document.querySelectorAll('.tiles > .run').length") >= SECTIONS * 2
    generator = random.Random(20261202)
    added = 0
    for step in range(120):
        page = alice if step % 2 == 0 else bob
        view = page.evaluate("() => window.boardPage.board.view.sections.map(s => [s.id, s.cells.map(c => c.id)])")
        section, cells = generator.choice(view)
        target, target_cells = generator.choice(view)
        choice = generator.random()
        if choice < 0.6 and cells:
            intent = {"type": "move", "item": generator.choice(cells), "section": target,
                      "index": generator.randint(0, len(target_cells))}
        elif choice < 0.8 or not cells:
            added += 1
            intent = {"type": "insert", "label": f"New {added}", "section": target,
                      "index": generator.randint(0, len(target_cells))}
        else:
            intent = {"type": "delete", "item": generator.choice(cells)}
        page.evaluate("intent => window.boardPage.perform(intent)", intent)
        assert page.evaluate(RUN_PROBLEMS) == [], (step, intent)
    for page in (alice, bob):
        page.wait_for_function("() => window.boardPage.status.pending === 0")
    final = order(server.snapshot("long"))
    for page in (alice, bob):
        page.wait_for_function("want => JSON.stringify(Object.fromEntries(window.boardPage.board.view.sections"
                               ".map(s => [s.id, s.cells.map(c => c.id)]))) === want", arg=json.dumps(final, separators=(",", ":")))
        assert page.evaluate(RUN_PROBLEMS) == []
        assert page_order(page) == final
    assert alice.errors == [] and bob.errors == []


def test_a_long_column_splits_into_runs_and_empties_them_again(make_server, people):
    server = make_server("--rate-burst", "100000", "--rate-per-second", "100000")
    version = built_board(server.port, "long", SECTIONS, PER_SECTION)
    alice = people(server, "alice", board="long")
    alice.wait_for_function("v => Number(document.querySelector('[data-board]').dataset.version) >= v", arg=version)
    runs = lambda section: alice.evaluate(f"document.querySelectorAll('[data-section-id=\"{section}\"] .run').length")
    before = runs("s0")
    for index in range(PER_SECTION):
        alice.evaluate("i => window.boardPage.perform({type: 'move', item: `i1-${i}`, section: 's0', index: 0})", index)
    assert alice.evaluate(RUN_PROBLEMS) == []
    assert runs("s0") > before and runs("s1") == 0
    assert alice.locator('[data-section-id="s1"] [data-item-id]').count() == 0
    alice.wait_for_function("() => window.boardPage.status.pending === 0")
    assert page_order(alice) == order(server.snapshot("long"))
    assert alice.errors == []


# Each tile of the board → the index of the run that holds it in its column.
RUN_OF_EACH_TILE = """() => Object.fromEntries([...document.querySelectorAll('.tiles')].flatMap(list =>
  [...list.children].flatMap((run, index) => [...run.children].map(tile => [tile.dataset.key, index]))))"""


def test_a_column_growing_at_its_end_keeps_every_tile_in_its_run(make_server, people):
    server = make_server("--rate-burst", "100000", "--rate-per-second", "100000")
    version = built_board(server.port, "long", SECTIONS, PER_SECTION)
    alice = people(server, "alice", board="long")
    alice.wait_for_function("v => Number(document.querySelector('[data-board]').dataset.version) >= v", arg=version)
    before = alice.evaluate(RUN_OF_EACH_TILE)
    for index in range(MAX_RUN):
        alice.evaluate("i => window.boardPage.perform({type: 'move', item: `i1-${i}`, section: 's0', "
                       "index: window.boardPage.board.section('s0').cells.length})", index)
    assert alice.evaluate(RUN_PROBLEMS) == []
    after = alice.evaluate(RUN_OF_EACH_TILE)
    stayed = [tile for tile in before if tile.startswith("i0-")]
    assert [tile for tile in stayed if after[tile] != before[tile]] == []
    assert len({after[f"i1-{index}"] for index in range(MAX_RUN)}) >= MAX_RUN // 32
    alice.wait_for_function("() => window.boardPage.status.pending === 0")
    assert page_order(alice) == order(server.snapshot("long"))
    assert alice.errors == []
