// Dragging tiles with a mouse, a pen, a finger or the keyboard. Every step is an intent to the
// core (pickUp, moveHeld, drop, cancel); where the placeholder goes, what the others see and
// what is said is the core's answer. This file only says what is under the pointer (the tile
// whose upper half is below it, or the end of the section under it) or which arrow key was
// pressed, and it keeps a lifted copy of the tile under the pointer while the view shows the
// tile's slot.

import { unhookedCopy } from './board-motion.js';

const touchHoldMs = 350;
const touchSlop = 10;
const mouseSlop = 4;
const edge = 48;
const landingMs = 160;

export class DragController {
  /** `page`: { root, board (BoardView), perform(intent) → step, status, canEdit }. */
  constructor(page) {
    this.page = page;
    this.pending = null;
    this.held = null;
    this.frame = 0;
    page.root.addEventListener('pointerdown', (event) => this.pointerDown(event));
    page.root.addEventListener('contextmenu', (event) => {
      if (this.held || this.pending?.touch) event.preventDefault();
    });
    window.addEventListener('pointermove', (event) => this.pointerMove(event));
    window.addEventListener('pointerup', (event) => this.pointerUp(event));
    window.addEventListener('pointercancel', (event) => this.pointerCancel(event));
    // While a finger drags, the page must not scroll under it (touch-action stays auto so that a
    // finger that does not hold first still scrolls).
    window.addEventListener('touchmove', (event) => {
      if (this.held?.pointer) event.preventDefault();
    }, { passive: false });
  }

  get holding() {
    return this.held !== null;
  }

  get heldItem() {
    return this.held?.item ?? null;
  }

  pointerDown(event) {
    if (event.button !== 0 || this.held || !this.page.canEdit) return;
    if (event.target.closest('button, input, textarea, form')) return;
    const tile = event.target.closest('.tile[data-item-id]');
    if (!tile) return;
    // Control (Command on a Mac) selects or unselects a tile, Shift selects the tiles from the
    // last selected one to it in its section; neither starts a drag.
    if (event.ctrlKey || event.metaKey || event.shiftKey) {
      event.preventDefault();
      const item = tile.dataset.itemId;
      this.page.perform(event.shiftKey ? { type: 'markRun', item } : { type: 'mark', item });
      tile.focus({ preventScroll: true });
      return;
    }
    const touch = event.pointerType === 'touch';
    this.pending = {
      item: tile.dataset.itemId, pointerId: event.pointerId, touch, startX: event.clientX, startY: event.clientY,
      x: event.clientX, y: event.clientY, timer: 0,
    };
    if (touch) {
      this.pending.timer = setTimeout(() => {
        const pending = this.pending;
        this.pending = null;
        if (pending) this.liftWithPointer(pending);
      }, touchHoldMs);
    } else {
      event.preventDefault();
    }
  }

  pointerMove(event) {
    const pending = this.pending;
    if (pending && event.pointerId === pending.pointerId) {
      pending.x = event.clientX;
      pending.y = event.clientY;
      const distance = Math.hypot(event.clientX - pending.startX, event.clientY - pending.startY);
      if (pending.touch) {
        if (distance > touchSlop) this.abandonPending();
      } else if (distance > mouseSlop) {
        this.pending = null;
        this.liftWithPointer(pending);
      }
      return;
    }
    const held = this.held;
    if (!held?.pointer || event.pointerId !== held.pointerId) return;
    event.preventDefault();
    held.x = event.clientX;
    held.y = event.clientY;
    this.follow();
  }

  pointerUp(event) {
    if (this.pending && event.pointerId === this.pending.pointerId) {
      // A plain click on a tile, without a drag, ends a selection.
      if (!this.pending.touch && this.page.status.selection.length > 0) this.page.perform({ type: 'clearMarks' });
      this.abandonPending();
      return;
    }
    if (this.held?.pointer && event.pointerId === this.held.pointerId) this.drop();
  }

  pointerCancel(event) {
    if (this.pending && event.pointerId === this.pending.pointerId) this.abandonPending();
    else if (this.held?.pointer && event.pointerId === this.held.pointerId) this.cancel();
  }

  abandonPending() {
    clearTimeout(this.pending?.timer);
    this.pending = null;
  }

  /** Picks up `item` (with the other selected tiles when it is one of them) with the pointer
   * at (x, y); the lifted copy keeps the grip's offset and shows how many tiles it carries. */
  liftWithPointer({ item, pointerId, x, y, startX, startY }) {
    const tile = this.page.board.cells.get(item);
    if (!tile) return;
    const rect = tile.getBoundingClientRect();
    const items = this.pickUp(item);
    if (!items) return;
    const ghost = unhookedCopy(tile);
    ghost.className = items.length > 1 ? 'tile lifted stack' : 'tile lifted';
    ghost.querySelector('.tile-label').textContent = this.page.board.labelOf(item) ?? '';
    if (items.length > 1) {
      const count = document.createElement('span');
      count.className = 'stack-count';
      count.textContent = String(items.length);
      ghost.append(count);
    }
    Object.assign(ghost.style, { left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px` });
    document.body.append(ghost);
    this.held = {
      item, items: new Set(items), pointer: true, pointerId, ghost, grabX: startX - rect.left,
      grabY: startY - rect.top, x, y,
    };
    this.page.root.classList.add('pointer-dragging');
    this.follow();
    this.autoScroll();
  }

  /** Asks the core to pick `item` up, with the selection when `item` is selected: the items
   * held, or null when it refused (someone holds one, view only). */
  pickUp(item) {
    const drag = this.page.perform({ type: 'pickUp', item }).status?.drag;
    if (!drag) return null;
    const items = drag.items ?? [drag.item];
    return items.includes(item) ? items : null;
  }

  follow() {
    const held = this.held;
    if (!held?.ghost) return;
    held.ghost.style.transform = `translate(${held.x - held.grabX - parseFloat(held.ghost.style.left)}px, ` +
      `${held.y - held.grabY - parseFloat(held.ghost.style.top)}px) rotate(1.5deg)`;
    const target = this.targetAt(held.x, held.y);
    if (target) this.moveTo(target);
  }

  /** What the pointer at (x, y) points at in the column under it, or the nearest one: the
   * first other tile whose middle is below it (`before`), or the column's end (`endOf`). */
  targetAt(x, y) {
    let best = null;
    for (const column of this.page.board.columns.values()) {
      const rect = column.element.getBoundingClientRect();
      const distance = x < rect.left ? rect.left - x : x > rect.right ? x - rect.right : 0;
      if (!best || distance < best.distance) best = { column, distance };
    }
    if (!best) return null;
    for (const run of best.column.runs) {
      const box = run.element.getBoundingClientRect();
      if (box.bottom < y) continue;
      for (const cell of run.element.children) {
        if (this.held.items.has(cell.dataset.heldItem) || cell.dataset.key === undefined) continue;
        const rect = cell.getBoundingClientRect();
        if (rect.top + rect.height / 2 >= y) return { before: cell.dataset.key };
      }
    }
    return { endOf: best.column.element.dataset.sectionId };
  }

  moveTo(target) {
    if (!this.page.status?.drag) return;
    const key = target.before ?? `end:${target.endOf}`;
    if (this.lastTarget === key) return;
    this.lastTarget = key;
    this.page.perform({ type: 'moveHeld', ...target });
  }

  /** Scrolls the board and the column under the pointer while the pointer is near an edge. */
  autoScroll() {
    cancelAnimationFrame(this.frame);
    const step = () => {
      const held = this.held;
      if (!held?.pointer) return;
      const scroller = this.page.root;
      let moved = false;
      const speed = (distance) => Math.ceil(((edge - distance) / edge) * 18);
      const bounds = scroller.getBoundingClientRect();
      if (held.x < bounds.left + edge && scroller.scrollLeft > 0) {
        scroller.scrollLeft -= speed(held.x - bounds.left);
        moved = true;
      } else if (held.x > bounds.right - edge && scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth) {
        scroller.scrollLeft += speed(bounds.right - held.x);
        moved = true;
      }
      const list = this.listUnder(held.x);
      if (list) {
        const box = list.getBoundingClientRect();
        if (held.y < box.top + edge && held.y > box.top - edge && list.scrollTop > 0) {
          list.scrollTop -= speed(Math.max(0, held.y - box.top));
          moved = true;
        } else if (held.y > box.bottom - edge && held.y < box.bottom + edge &&
          list.scrollTop + list.clientHeight < list.scrollHeight) {
          list.scrollTop += speed(Math.max(0, box.bottom - held.y));
          moved = true;
        }
      }
      if (moved) this.follow();
      this.frame = requestAnimationFrame(step);
    };
    this.frame = requestAnimationFrame(step);
  }

  listUnder(x) {
    for (const column of this.page.board.columns.values()) {
      const rect = column.element.getBoundingClientRect();
      if (x >= rect.left && x <= rect.right) return column.list;
    }
    return null;
  }

  /** Keyboard: picks up the focused tile (with the selection when it is selected). */
  liftWithKeyboard(item) {
    if (this.held) return;
    const items = this.pickUp(item);
    if (!items) return;
    this.held = { item, items: new Set(items), pointer: false };
    this.page.root.classList.add('keyboard-dragging');
  }

  /** Keyboard: moves the placeholder one step in a direction of the board's columns. */
  step(direction) {
    if (this.page.status?.drag) this.page.perform({ type: 'moveHeld', direction });
  }

  /** Drops the held tile where its placeholder is. */
  drop() {
    const held = this.held;
    if (!held) return;
    this.finish();
    this.page.perform({ type: 'drop' });
    this.land(held);
  }

  /** Puts the held tile back where it was. */
  cancel() {
    const held = this.held;
    if (!held) return;
    this.finish();
    this.page.perform({ type: 'cancel' });
    this.land(held);
  }

  /** The core ended the drag by itself (the tile was deleted): the lifted copy just goes. */
  lost() {
    const held = this.held;
    if (!held) return;
    this.finish();
    held.ghost?.remove();
  }

  finish() {
    cancelAnimationFrame(this.frame);
    this.held = null;
    this.lastTarget = null;
    this.page.root.classList.remove('pointer-dragging', 'keyboard-dragging');
  }

  /** Flies the lifted copy onto the tile's place, then shows the tile: no flicker, no jump. */
  land(held) {
    const ghost = held.ghost;
    if (!ghost) {
      this.page.board.cells.get(held.item)?.focus({ preventScroll: true });
      return;
    }
    const tile = this.page.board.cells.get(held.item);
    if (!tile || matchMedia('(prefers-reduced-motion: reduce)').matches) {
      ghost.remove();
      return;
    }
    tile.classList.add('landing');
    const to = tile.getBoundingClientRect();
    const dx = to.left - parseFloat(ghost.style.left);
    const dy = to.top - parseFloat(ghost.style.top);
    const animation = ghost.animate([{ transform: ghost.style.transform }, { transform: `translate(${dx}px, ${dy}px)` }], {
      duration: landingMs, easing: 'cubic-bezier(0.2, 0.7, 0.2, 1)', fill: 'forwards',
    });
    const done = () => {
      ghost.remove();
      tile.classList.remove('landing');
    };
    animation.finished.then(done, done);
  }
}
