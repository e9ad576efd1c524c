// A tile's tools (rename, delete): one pair of buttons for the whole board, put into the tile
// that is hovered or holds the focus. A tile itself is only its label, so a board of a thousand
// tiles lays out, restyles and paints a thousand small boxes instead of a thousand toolbars; the
// tools are still reached by keyboard (Tab from the focused tile), named for screen readers
// ("Rename Mail") and clicked like any button. F2 and Delete do the same from the tile.

export class TileTools {
  /** `page`: { root, board (BoardView) }. */
  constructor(page) {
    this.page = page;
    this.tile = null;
    this.element = document.createElement('span');
    this.element.className = 'tile-tools';
    this.renameButton = toolButton('rename-tile');
    this.deleteButton = toolButton('delete-tile');
    this.element.append(this.renameButton, this.deleteButton);
    page.root.addEventListener('pointerover', (event) => this.pointerOver(event));
    page.root.addEventListener('pointerleave', () => this.settle());
    page.root.addEventListener('focusin', (event) => this.focusIn(event));
    page.root.addEventListener('focusout', (event) => this.focusOut(event));
  }

  pointerOver(event) {
    if (event.pointerType === 'touch') return;
    const tile = event.target.closest?.('.tile[data-item-id]');
    if (tile && this.page.root.contains(tile)) this.attach(tile);
    else this.settle();
  }

  focusIn(event) {
    const tile = event.target.closest?.('[data-key]');
    if (tile && tile.dataset.itemId !== undefined) this.attach(tile);
  }

  focusOut(event) {
    if (this.tile && !this.tile.contains(event.relatedTarget)) queueMicrotask(() => this.settle());
  }

  /** Puts the tools into `tile` (a plain tile of the board, not a placeholder or a slot). */
  attach(tile) {
    if (this.tile === tile && this.element.parentElement === tile) {
      this.name();
      return;
    }
    if (this.holdsFocus()) return;
    this.tile = tile;
    tile.append(this.element);
    this.name();
  }

  /** Takes the tools back unless the focus is on the tile they are in (or on them). */
  settle() {
    if (!this.tile) return;
    if (this.tile.isConnected && this.tile.dataset.itemId !== undefined && this.tile.contains(document.activeElement)) {
      this.name();
      return;
    }
    this.detach();
  }

  detach() {
    if (this.holdsFocus()) this.tile.focus({ preventScroll: true });
    this.element.remove();
    this.tile = null;
  }

  /** After the view changed: the tools follow their tile's label, and leave a tile that became
   * a placeholder or a slot, or left the board. */
  refresh() {
    if (!this.tile) return;
    if (!this.tile.isConnected || this.tile.dataset.itemId === undefined) {
      this.element.remove();
      this.tile = null;
      return;
    }
    this.name();
  }

  holdsFocus() {
    return this.element.contains(document.activeElement);
  }

  name() {
    const label = this.tile.firstElementChild?.textContent ?? '';
    if (this.label === label) return;
    this.label = label;
    this.renameButton.setAttribute('aria-label', `Rename ${label}`);
    this.deleteButton.setAttribute('aria-label', `Delete ${label}`);
  }
}

function toolButton(action) {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = `icon-button ${action}`;
  element.dataset.action = action;
  return element;
}
