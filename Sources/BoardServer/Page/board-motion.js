// Plays the core's animation plan (AnimationPlan in BoardSync, `plan` in every answer with a
// batch) on the DOM, FLIP-style: the places of the entries the plan names are read before the
// view is applied, then each element starts at its old place and travels to its new one with a
// transform. The plan says what each entry does; this file only decides how that looks:
// moved tiles lift and travel (marked in the mover's colour when someone else moved them),
// shifted ones slide, inserted ones appear, deleted ones fade where they were, new labels
// flash. Nothing moves when the person prefers reduced motion; marks still show. Each animation
// holds its end after its motion, and the page ends a batch's animations itself once their
// motion is over (`heldTiming`, `settle`).

const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
/** The easings of the motions, as the control points of a CSS `cubic-bezier()`. */
const travelCurve = [0.2, 0.7, 0.2, 1];
const easeIn = [0.42, 0, 1, 1];
const easeOut = [0, 0, 0.58, 1];
/** How much longer than asked a mark may last, so that marks ending close together end at once. */
const markSlackMs = 250;
/** How long an animation holds its end after its motion (`heldTiming`): far longer than the page
 * takes to end it (`settle`), which it does as soon as the motion is over. */
const holdMs = 10_000;
/** What a plan's duration leaves for the compositor to start an animation: its motion takes the
 * rest, so that it is over when the plan's duration has passed since the batch came. */
const startMs = 20;
/** How close to the end of its motion an animation may be ended: with the motions' easings the
 * last few milliseconds move nothing one could see, and the timeline's clock may run a little
 * behind the timer's. */
const settleSlackMs = 5;

export class MotionPlayer {
  /** `overlay`: a fixed layer above the board for the ghosts of deleted tiles and sections. */
  constructor(overlay) {
    this.overlay = overlay;
    /** Marked element → when its mark ends (performance.now() milliseconds). */
    this.marks = new Map();
    this.markSweep = 0;
    /** Element → its running travel, stopped when a new batch moves it again. */
    this.travels = new WeakMap();
  }

  get moving() {
    return !reducedMotion.matches;
  }

  /** Reads what the plan needs before the view changes, then stops the travels it will
   * restart: the old places of the entries that move, shift or go (where they are seen now,
   * partway along a running travel), copies of those that go, and the places of the other tiles
   * of a sliding run that holds one of them (`settled`). Stopping travels here, before the view
   * changes, lets `play` read every new place in one layout. */
  capture(plan, view) {
    const first = { cells: new Map(), sections: new Map(), ghosts: [], settled: [] };
    if (!plan || !this.moving) return first;
    const runsInSight = new Map();
    const read = [];
    for (const entry of plan.cells) {
      const element = view.cells.get(entry.id);
      if (!element || !element.isConnected) continue;
      if (entry.motion === 'shifted' && !inSight(element.parentElement, runsInSight)) continue;
      if (entry.motion === 'moved' || entry.motion === 'shifted') {
        first.cells.set(entry.id, placeOf(element));
        read.push(element);
      } else if (entry.motion === 'deleted' && !first.cells.has(entry.id)) {
        const place = placeOf(element);
        if (onScreen(place)) first.ghosts.push(copyAt(element, place));
      }
    }
    for (const entry of plan.sections) {
      const column = view.columns.get(entry.id);
      if (!column) continue;
      if (entry.motion === 'moved' || entry.motion === 'shifted') {
        first.sections.set(entry.id, column.element.getBoundingClientRect());
        read.push(column.element);
      } else if (entry.motion === 'deleted') {
        first.ghosts.push(ghostOf(column.element));
      }
    }
    const slidingRuns = new Set();
    for (const element of read) {
      const run = element.parentElement;
      if (run && this.travels.has(run)) slidingRuns.add(run);
    }
    const named = new Set(read);
    for (const run of slidingRuns) {
      for (const tile of run.children) {
        if (!named.has(tile)) first.settled.push({ element: tile, from: tile.getBoundingClientRect(), mover: null });
      }
    }
    for (const run of slidingRuns) this.travels.get(run).cancel();
    for (const element of read) this.travels.get(element)?.cancel();
    for (const { element } of first.settled) this.travels.get(element)?.cancel();
    return first;
  }

  /** Plays `plan` now that `view` shows the new board; `first` is what `capture` read. Two
   * passes, so that the page lays out once however many tiles move: every new place is read,
   * then every animation and mark is started (reading a place right after starting an
   * animation or a mark would lay the whole board out again). The tiles of a run that was
   * sliding stand still in the plan but were seen partway along the run's slide: each goes on
   * from there by itself. Tiles that slide by the same distance as every other tile of their
   * run slide as that run, one animation instead of one per tile; travels wholly out of sight
   * are skipped. The batch's animations are ended together when their motion is over
   * (`settle`). */
  play(plan, view, first) {
    if (!plan) return;
    const duration = plan.durationMs;
    const travels = new Map();
    const effects = [];
    for (const entry of plan.cells) {
      if (entry.motion === 'deleted') continue;
      const element = view.cells.get(entry.id);
      if (!element) continue;
      if (entry.marked && entry.mover && !entry.mover.local) {
        effects.push(() => this.mark(element, entry.mover.color, plan.markMs));
      }
      if (!this.moving) continue;
      if (entry.motion === 'moved' || entry.motion === 'shifted') {
        const from = first.cells.get(entry.id);
        if (from) travels.set(element, { element, from, mover: entry.motion === 'moved' ? entry.mover ?? null : null });
      } else if (entry.motion === 'inserted' || (entry.placeholder ?? 'none') !== 'none') {
        effects.push(() => appear(element, duration));
      } else if (entry.reloaded) {
        effects.push(() => flash(element, duration));
      }
    }
    for (const entry of plan.sections) {
      if (entry.motion === 'deleted') continue;
      const column = view.columns.get(entry.id);
      if (!column) continue;
      if (entry.marked && entry.mover && !entry.mover.local) {
        effects.push(() => this.mark(column.head, entry.mover.color, plan.markMs));
      }
      if (!this.moving) continue;
      if (entry.motion === 'moved' || entry.motion === 'shifted') {
        const from = first.sections.get(entry.id);
        if (from) travels.set(column.element, { element: column.element, from, mover: null });
      } else if (entry.motion === 'inserted') {
        effects.push(() => appear(column.element, duration));
      } else if (entry.retitled) {
        effects.push(() => flash(column.titleButton, duration));
      }
    }
    for (const settled of first.settled) {
      if (settled.element.isConnected && !travels.has(settled.element)) travels.set(settled.element, settled);
    }
    for (const travel of travels.values()) {
      travel.to = placeOf(travel.element);
      const edge = travel.mover ? edgeOfSight(travel.to, travel.element.closest('.tiles')) : null;
      if (edge) Object.assign(travel, { to: edge, fades: true });
    }
    withinTravellingColumns(travels);
    const animations = [];
    for (const travel of slidesByRun(travels)) {
      if (onScreen(travel.from) || onScreen(travel.to)) animations.push(this.travel(travel, duration));
    }
    for (const effect of effects) animations.push(effect());
    for (const ghost of first.ghosts) animations.push(this.fade(ghost, duration));
    this.settle(animations.filter((animation) => animation instanceof Animation), duration);
  }

  /** Ends `animations`, started now with `heldTiming(…, duration)`, once their motion is over:
   * one timer for the batch, `duration` from now, and another for those that started late or
   * that a pause or a seek keeps from their end; those not started yet (a page out of sight
   * draws no frames) are waited for, not polled. Ending one (cancelling it: finishing costs the
   * main thread more) settles its `finished`, which removes a flying copy or a ghost and
   * forgets the travel. */
  settle(animations, duration) {
    if (animations.length === 0) return;
    const motion = motionMs(duration);
    const settle = () => {
      let left = 0;
      let unstarted = null;
      for (const animation of animations) {
        if (animation.playState === 'idle' || animation.playState === 'finished') continue;
        if (animation.pending) {
          unstarted = animation;
          continue;
        }
        const played = animation.currentTime ?? 0;
        if (played >= motion - settleSlackMs) animation.cancel();
        else left = Math.max(left, motion - played);
      }
      if (left > 0) setTimeout(settle, left);
      else if (unstarted) unstarted.ready.then(settle, settle);
    };
    setTimeout(settle, duration);
  }

  /** Starts an element at the place `from` and lets it travel to `to`, where it now is. A move
   * (`mover` set) lifts above the others on the way: a copy of the tile flies in the layer
   * above the board, so that no column's or run's edge cuts it off on its way, while the tile
   * waits unseen (but keeps the focus) in its new place. A tile whose new place is further up
   * or down its column than the column shows flies to that edge of the column instead (`to`)
   * and fades there (`fades`), so that one sees where it went. Answers the animation, if any. */
  travel({ element, from, to, mover, fades = false }, duration) {
    const dx = from.left - to.left;
    const dy = from.top - to.top;
    if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) return null;
    const start = `translate(${dx}px, ${dy}px)`;
    const timing = { ...heldTiming(travelCurve, duration), id: 'travel' };
    if (!mover) {
      const animation = element.animate([{ transform: start }, { transform: 'none' }], timing);
      this.travels.set(element, animation);
      const forget = () => {
        if (this.travels.get(element) === animation) this.travels.delete(element);
      };
      animation.finished.then(forget, forget);
      return animation;
    }
    if (element.classList.contains('landing')) return null;
    const lift = [
      { transform: `${start} scale(1)` },
      { transform: `translate(${dx * 0.55}px, ${dy * 0.55}px) scale(1.04)`, offset: 0.45 },
      ...(fades ? [{ transform: 'none', opacity: 1, offset: 0.8 }, { transform: 'none', opacity: 0 }] : [{ transform: 'none' }]),
    ];
    const traveller = copyAt(element, to);
    traveller.classList.add('travelling');
    if (!mover.local) traveller.style.setProperty('--mover', `var(--peer-${mover.color})`);
    this.overlay.append(traveller);
    element.classList.add('landing');
    const animation = traveller.animate(lift, timing);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      traveller.remove();
      element.classList.remove('landing');
      if (this.travels.get(element)?.animation === animation) this.travels.delete(element);
    };
    animation.finished.then(end, end);
    this.travels.set(element, {
      animation,
      cancel() {
        animation.cancel();
        end();
      },
    });
    return animation;
  }

  /** Outlines `element` in a person's colour for `milliseconds`. Marks end together, a quarter
   * of a second at most after their time, so that a stream of changes repaints the board for
   * the ending marks once in that while instead of once per mark. */
  mark(element, color, milliseconds) {
    element.style.setProperty('--mark', `var(--peer-${color})`);
    element.classList.add('marked');
    this.marks.set(element, performance.now() + milliseconds);
    if (this.markSweep === 0) this.markSweep = setTimeout(() => this.unmark(), milliseconds + markSlackMs);
  }

  /** Ends every mark whose time has come, and waits for the next. */
  unmark() {
    this.markSweep = 0;
    const now = performance.now();
    let next = Infinity;
    for (const [element, end] of this.marks) {
      if (end <= now) {
        element.classList.remove('marked');
        this.marks.delete(element);
      } else {
        next = Math.min(next, end);
      }
    }
    if (next !== Infinity) this.markSweep = setTimeout(() => this.unmark(), next - now + markSlackMs);
  }

  /** Fades the copy of a deleted tile or column where it was; answers the animation. */
  fade(ghost, duration) {
    this.overlay.append(ghost);
    const animation = ghost.animate(
      [{ opacity: 1, transform: 'scale(1)' }, { opacity: 0, transform: 'scale(0.92)' }],
      { ...heldTiming(easeIn, duration), fill: 'forwards' },
    );
    animation.finished.then(() => ghost.remove(), () => ghost.remove());
    return animation;
  }
}

/** The travels to start: slides of tiles that all move by one distance with every other tile
 * of their run become one slide of the run; the rest stay as they are. */
function slidesByRun(travels) {
  const byRun = new Map();
  const result = [];
  for (const travel of travels.values()) {
    const run = travel.element.parentElement;
    if (travel.mover || !run?.classList.contains('run')) {
      result.push(travel);
      continue;
    }
    if (!byRun.has(run)) byRun.set(run, []);
    byRun.get(run).push(travel);
  }
  for (const [run, slides] of byRun) {
    const dx = slides[0].from.left - slides[0].to.left;
    const dy = slides[0].from.top - slides[0].to.top;
    const together = slides.length === run.childElementCount && slides.every((slide) =>
      Math.abs(slide.from.left - slide.to.left - dx) < 0.5 && Math.abs(slide.from.top - slide.to.top - dy) < 0.5);
    if (!together) {
      result.push(...slides);
      continue;
    }
    const to = run.getBoundingClientRect();
    result.push({ element: run, from: shifted(to, dx, dy), to, mover: null });
  }
  return result;
}

/** Whether a run of tiles is within a window's size of the window and drawn: the tiles of runs
 * further away slide out of sight anyway, so their places are not read (each read costs a
 * little, a long board has hundreds of shifted tiles, and reading a place in a run the browser
 * skips while it is out of sight would lay that run out). `known`: the answers so far, by run. */
function inSight(run, known) {
  if (!run) return true;
  let answer = known.get(run);
  if (answer === undefined) {
    const rect = run.getBoundingClientRect();
    answer = !skippedRuns.has(run) && rect.bottom > -innerHeight && rect.top < 2 * innerHeight &&
      rect.right > -innerWidth && rect.left < 2 * innerWidth;
    known.set(run, answer);
  }
  return answer;
}

/** Where `element` is on the screen now. A tile in a run the browser skips (far out of sight)
 * is placed by its run's box and its index there: reading its own place would lay the whole
 * run out, for a place nobody sees. */
function placeOf(element) {
  const run = element.parentElement;
  if (!run || !skippedRuns.has(run)) return element.getBoundingClientRect();
  const box = run.getBoundingClientRect();
  const pitch = (box.height - runPadding) / Math.max(1, run.childElementCount);
  const top = box.top + runPadding + Array.prototype.indexOf.call(run.children, element) * pitch;
  const left = box.left + runPadding;
  const right = box.right - runPadding;
  const bottom = top + pitch - tileGap;
  return { left, top, right, bottom, width: right - left, height: bottom - top };
}

/** A run's padding around its tiles and the space below each tile (page.css). */
const runPadding = 4;
const tileGap = 6;

/** Runs the browser does not draw now (`content-visibility: auto`, far out of sight). */
const skippedRuns = new WeakSet();
addEventListener('contentvisibilityautostatechange', (event) => {
  if (event.skipped) skippedRuns.add(event.target);
  else skippedRuns.delete(event.target);
}, true);

/** A tile in a column that travels itself goes along with its column: only what it moves
 * beyond the column's own travel is its own. */
function withinTravellingColumns(travels) {
  for (const travel of travels.values()) {
    if (travel.element.classList.contains('column') || travel.mover) continue;
    const column = travel.element.closest('.column');
    const carrier = column && travels.get(column);
    if (!carrier) continue;
    travel.from = shifted(travel.from, carrier.to.left - carrier.from.left, carrier.to.top - carrier.from.top);
  }
}

/** Where a tile at `rect` is seen to arrive when `list` (its column's scrolling list of tiles)
 * does not show that place: at the list's bottom edge for a place below what it shows, at its
 * top edge for one above; null when the list shows the place, or some of it. */
function edgeOfSight(rect, list) {
  if (!list) return null;
  const seen = list.getBoundingClientRect();
  if (rect.bottom > seen.top && rect.top < seen.bottom) return null;
  const top = rect.top >= seen.bottom ? seen.bottom - (rect.bottom - rect.top) : seen.top;
  return shifted(rect, 0, top - rect.top);
}

/** `rect` moved by `dx` across and `dy` down. */
function shifted(rect, dx, dy) {
  return {
    left: rect.left + dx, top: rect.top + dy, right: rect.right + dx, bottom: rect.bottom + dy,
    width: rect.right - rect.left, height: rect.bottom - rect.top,
  };
}

/** Whether any of `rect` is inside the window: a tile that travels wholly outside it is
 * simply put in its new place (on a long board most shifted tiles are out of sight). */
function onScreen(rect) {
  return rect.bottom > 0 && rect.right > 0 && rect.top < window.innerHeight && rect.left < window.innerWidth;
}

/** Lets an inserted element grow into sight; answers the animation. */
function appear(element, duration) {
  return element.animate([{ opacity: 0, transform: 'scale(0.94)' }, { opacity: 1, transform: 'none' }],
    heldTiming(easeOut, duration));
}

/** Points on a held easing's curve (`heldTiming`): the line through them strays from the curve
 * by less than a pixel on a flight across a screen 1,600 pixels wide. */
const heldSteps = 32;
/** Held easings made so far, by curve and length of motion. */
const heldEasings = new Map();

/** The motion of an animation that a plan gives `duration` milliseconds (`startMs`). */
function motionMs(duration) {
  return Math.max(duration - startMs, duration / 2);
}

/** The timing of an animation for a plan's `duration` that follows `curve` (the control points of
 * a `cubic-bezier()`) for `motionMs(duration)` and then holds its end for `holdMs`: the easing is
 * a CSS `linear()` through points of the curve. Chromium's main thread draws each of the last
 * three frames or so (some 50 ms) of an animation about to end, even of one the compositor
 * runs, with a style recalculation in each; an animation whose end lies far ahead asks for none
 * of them, and `settle` ends it instead, with one timer for the batch. */
function heldTiming(curve, duration) {
  const motion = motionMs(duration);
  const key = `${curve} ${motion}`;
  let easing = heldEasings.get(key);
  if (easing === undefined) {
    const [x1, y1, x2, y2] = curve;
    const share = (100 * motion) / (motion + holdMs);
    const points = [];
    for (let step = 0; step <= heldSteps; step++) {
      const t = step / heldSteps;
      points.push(`${bezier(t, y1, y2).toFixed(5)} ${(share * bezier(t, x1, x2)).toFixed(5)}%`);
    }
    easing = `linear(${points.join(', ')}, 1 100%)`;
    heldEasings.set(key, easing);
  }
  return { duration: motion + holdMs, easing };
}

/** One coordinate of a cubic Bézier curve from 0 to 1 with control points `a` and `b`, at `t`. */
function bezier(t, a, b) {
  const u = 1 - t;
  return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t;
}

function flash(element, duration) {
  element.animate([{ backgroundColor: 'var(--flash)', offset: 0 }], { duration: duration * 3, easing: 'ease-out' });
}

/** A copy of `element` fixed where it is now, without the hooks tests and scripts look for. */
function ghostOf(element) {
  return copyAt(element, element.getBoundingClientRect());
}

/** A copy of `element` (a tile or a column) that looks the same but is nothing to tests, scripts,
 * the keyboard or screen readers: without the hooks, ids and tab stops of it and its insides,
 * and without the tile tools it may hold. */
export function unhookedCopy(element) {
  const copy = element.cloneNode(true);
  copy.querySelector('.tile-tools')?.remove();
  for (const each of [copy, ...copy.querySelectorAll('*')]) {
    for (const name of ['data-item-id', 'data-section-id', 'data-placeholder-for', 'data-user', 'data-held-item',
      'data-key', 'id', 'tabindex']) {
      each.removeAttribute(name);
    }
  }
  copy.setAttribute('aria-hidden', 'true');
  return copy;
}

/** A copy of `element` for the layer above the board, fixed at `rect` (`unhookedCopy`). */
function copyAt(element, rect) {
  const ghost = unhookedCopy(element);
  ghost.classList.add('ghost');
  Object.assign(ghost.style, {
    left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`, height: `${rect.height}px`,
  });
  return ghost;
}
