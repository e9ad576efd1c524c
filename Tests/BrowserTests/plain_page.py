"""The page benchmark's control: a page of 20 plain tiles in 10 columns, without the board's
page, its core or its server, where one call moves the first tile of a column to the end of the
next, as the benchmark's mover does, with or without the animation the board page plays for it
(the moved tile travels from its old place, the tile left in the column slides up, 200 ms).
Measured with the benchmark's own harness, it is what one change costs on the machine before
the board page does any work of its own."""

COLUMNS = 10
PLAIN_PAGE = """<!doctype html>
<style>
  body { font: 14px system-ui, sans-serif; margin: 16px; }
  .column { display: inline-block; vertical-align: top; width: 140px; margin: 4px; }
  .tile { border: 1px solid #bbb; border-radius: 8px; padding: 9px 10px; margin: 0 0 6px; background: #fff; }
</style>
<body data-version="0">
""" + "".join(f'<div class="column" id="c{column}">' + "".join(f'<div class="tile">i{column}-{index}</div>' for index in range(2))
              + "</div>" for column in range(COLUMNS)) + "</body>"

# Moves the first tile of column `round % 10` to the end of the next, animated FLIP-style when
# `animate` (travels still running on those tiles are cancelled first, as the board page does),
# then waits two frames, as the benchmark's rounds do.
MOVE_ONE_TILE = """async ([round, animate]) => {
  const from = document.getElementById('c' + (round % 10));
  const to = document.getElementById('c' + ((round + 1) % 10));
  const tile = from.firstElementChild;
  const stays = [...from.children].slice(1);
  for (const element of [tile, ...stays]) element.getAnimations().forEach(animation => animation.cancel());
  const before = [tile, ...stays].map(element => element.getBoundingClientRect());
  to.append(tile);
  document.body.dataset.version = String(round);
  if (animate) {
    [tile, ...stays].forEach((element, index) => {
      const after = element.getBoundingClientRect();
      const dx = before[index].left - after.left, dy = before[index].top - after.top;
      element.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }],
                      { duration: 200, easing: 'cubic-bezier(0.2, 0, 0, 1)' });
    });
  }
  await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}"""


class PlainPage:
    """The plain page open in a Playwright page. A round, `play(n)`, opens with the op round trip
    that opens a round of the board (`mover` moves a tile of a board no page shows and waits for
    its ack), so that its rounds are as long as the board's, then moves a tile here. Pages that
    share `mover` share its moves."""

    def __init__(self, page, animate, mover, warm_up_rounds):
        self.page = page
        self.animate = animate
        self.mover = mover
        page.set_content(PLAIN_PAGE)
        for round_number in range(warm_up_rounds):
            page.evaluate(MOVE_ONE_TILE, [round_number, animate])

    def play(self, round_number):
        self.mover.move(self.mover.seq)
        self.page.evaluate(MOVE_ONE_TILE, [round_number, self.animate])
