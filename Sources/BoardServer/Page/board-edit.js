// Adding, renaming and deleting tiles and sections, in place: a small text field where the
// text is, Enter to keep, Escape to leave it as it was. Each edit is one intent to the core;
// whether it is possible (an empty label, a full board, view only) is the core's answer.

export class Editing {
  /** `page`: { root, board (BoardView), perform(intent) → step, canEdit }. */
  constructor(page) {
    this.page = page;
    this.open = null;
    page.root.addEventListener('click', (event) => this.clicked(event));
  }

  get active() {
    return this.open !== null;
  }

  clicked(event) {
    const control = event.target.closest('[data-action]');
    if (!control || !this.page.root.contains(control) || !this.page.canEdit) return;
    const column = control.closest('[data-section-id]');
    const tile = control.closest('[data-key]');
    switch (control.dataset.action) {
      case 'add-tile': return this.addTile(column.dataset.sectionId);
      case 'rename-tile': return this.renameTile(tile.dataset.key);
      case 'delete-tile': return this.deleteTile(tile.dataset.key);
      case 'rename-section': return this.renameSection(column.dataset.sectionId);
      case 'delete-section': return this.confirmDeleteSection(column.dataset.sectionId, control);
      case 'add-section': return this.addSection();
      default: return undefined;
    }
  }

  /** A text field in `container` holding `value`; `keep(text)` runs on Enter (or on leaving it
   * with a changed, non-empty text). */
  field(container, { value = '', label, placeholder = '', keep, className = 'inline-field' }) {
    this.close();
    const form = document.createElement('form');
    form.className = className;
    const input = document.createElement('input');
    input.type = 'text';
    input.value = value;
    input.placeholder = placeholder;
    input.setAttribute('aria-label', label);
    input.autocomplete = 'off';
    form.append(input);
    let done = false;
    const finish = (save) => {
      if (done) return;
      done = true;
      this.open = null;
      const text = input.value;
      form.remove();
      container.classList.remove('editing');
      if (save && text.length > 0 && text !== value) keep(text);
    };
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      finish(true);
    });
    input.addEventListener('keydown', (event) => {
      event.stopPropagation();
      if (event.key === 'Escape') {
        event.preventDefault();
        finish(false);
        this.page.focusBoard();
      }
    });
    input.addEventListener('blur', () => finish(true));
    container.classList.add('editing');
    container.append(form);
    this.open = { finish };
    input.focus();
    input.select();
    return input;
  }

  close() {
    this.open?.finish(false);
  }

  addTile(section) {
    const column = this.page.board.columns.get(section);
    if (!column) return;
    this.field(column.foot, {
      label: `New tile in ${column.title}`, placeholder: 'Label of the new tile',
      keep: (label) => {
        this.page.perform({ type: 'append', label, section });
        this.addTile(section);
      },
    });
  }

  renameTile(item) {
    const tile = this.page.board.cells.get(item);
    const label = this.page.board.labelOf(item);
    if (!tile || label === null) return;
    this.field(tile, {
      value: label, label: `Rename ${label}`,
      keep: (text) => this.page.perform({ type: 'rename', item, label: text }),
    });
  }

  deleteTile(item) {
    const place = this.page.board.positionOf(item);
    this.page.perform({ type: 'delete', item });
    if (place) this.page.focusNear(place.section, place.index);
  }

  renameSection(section) {
    const column = this.page.board.columns.get(section);
    if (!column) return;
    this.field(column.head, {
      value: column.title, label: `Rename section ${column.title}`,
      keep: (title) => this.page.perform({ type: 'renameSection', section, title }),
    });
  }

  /** Deleting a section takes its tiles along: the button asks once more. */
  confirmDeleteSection(section, control) {
    const column = this.page.board.columns.get(section);
    if (!column) return;
    const tiles = column.count;
    if (tiles === 0 || control.dataset.confirming === 'yes') {
      this.page.perform({ type: 'deleteSection', section });
      return;
    }
    control.dataset.confirming = 'yes';
    control.textContent = `Delete with ${tiles} ${tiles === 1 ? 'tile' : 'tiles'}?`;
    const reset = () => {
      delete control.dataset.confirming;
      control.textContent = '';
    };
    setTimeout(reset, 4000);
    control.addEventListener('blur', reset, { once: true });
  }

  addSection() {
    const container = this.page.addSectionColumn;
    this.field(container, {
      label: 'Title of the new section', placeholder: 'Title of the new section',
      keep: (title) => this.page.perform({ type: 'addSection', title }),
    });
  }
}
