// Adding, renaming and deleting tiles and sections, in place: a small text field where the
// text is, Enter to keep, Escape to leave it as it was. Each edit is one intent to the core;
// whether it is possible (an empty label, a full board, view only) is the core's answer, and so
// are the field's limit and counter, the text someone else's delete leaves without a tile
// (the session follows the open field: `editing`) and the question before deleting a section.

export class Editing {
  /** `page`: { root, board (BoardView), perform(intent) → step, ask(question), guard(input,
   * kind, elements) → TextField, notices, canEdit }. */
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
      case 'delete-section': return this.askToDeleteSection(column.dataset.sectionId);
      case 'add-section': return this.addSection();
      default: return undefined;
    }
  }

  /** A text field in `container` holding `value` for `target` (what the core follows);
   * `keep(text)` runs on Enter, or on leaving it with a changed text the rules take. */
  field(container, { value = '', label, placeholder = '', keep, target, className = 'inline-field' }) {
    this.close();
    const form = document.createElement('form');
    form.className = className;
    const input = document.createElement('input');
    input.type = 'text';
    input.value = value;
    input.placeholder = placeholder;
    input.dir = 'auto';
    input.setAttribute('aria-label', label);
    input.autocomplete = 'off';
    const counter = document.createElement('span');
    counter.className = 'field-counter';
    counter.setAttribute('aria-live', 'polite');
    const message = document.createElement('p');
    message.className = 'field-note';
    message.setAttribute('role', 'alert');
    form.append(input, counter, message);
    let done = false;
    const finish = (save) => {
      if (done) return;
      const text = input.value;
      const changed = text.length > 0 && text !== value;
      if (save && changed && field.accepted() === null) return;
      done = true;
      this.open = null;
      form.remove();
      container.classList.remove('editing');
      this.page.perform({ type: 'editing' });
      if (save && changed) keep(text);
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
    const field = this.page.guard(input, 'label', { counter, message });
    this.open = { finish, input, target };
    this.page.perform({ type: 'editing', target });
    input.focus();
    input.select();
    return input;
  }

  close() {
    this.open?.finish(false);
  }

  /** The core followed the open field's target: someone deleted the tile or section it was
   * about. The field closes without a word to the board, and its text stays in a notice that
   * adds it where the core says (a new tile, or a new section). */
  followed(edit) {
    if (!this.open || edit.words === undefined) return;
    const text = this.open.input.value;
    this.open.finish(false);
    const target = edit.target;
    const actions = [];
    if (target?.kind === 'newTile') {
      actions.push({ label: 'Add as a new tile', run: () => this.page.perform(target.index === undefined
        ? { type: 'append', label: text, section: target.section }
        : { type: 'insert', label: text, section: target.section, index: target.index }) });
    } else if (target?.kind === 'newSection') {
      actions.push({ label: 'Add as a new section', run: () => this.page.perform({ type: 'addSection', title: text }) });
    }
    this.page.notices.keep(edit.words, text, actions).querySelector('button').focus();
  }

  addTile(section) {
    const column = this.page.board.columns.get(section);
    if (!column) return;
    this.field(column.foot, {
      label: `New tile in ${column.title}`, placeholder: 'Label of the new tile',
      target: { kind: 'newTile', section },
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
      target: { kind: 'renameTile', item },
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
      target: { kind: 'renameSection', section },
      keep: (title) => this.page.perform({ type: 'renameSection', section, title }),
    });
  }

  /** Deleting a section takes its tiles along, those someone holds included: the core's question
   * says how many and who holds one, under the section's head, with the two answers. */
  askToDeleteSection(section) {
    const column = this.page.board.columns.get(section);
    const question = this.page.ask({ type: 'deleteSectionQuestion', section }).question;
    if (!column || question === undefined) return;
    column.element.querySelector(':scope > .confirm')?.remove();
    const box = document.createElement('div');
    box.className = 'confirm';
    box.setAttribute('role', 'alertdialog');
    box.setAttribute('aria-label', `Delete section ${column.title}`);
    const said = document.createElement('p');
    said.id = `confirm-${section}`;
    said.textContent = question;
    box.setAttribute('aria-describedby', said.id);
    const yes = document.createElement('button');
    yes.type = 'button';
    yes.className = 'confirm-delete';
    yes.textContent = 'Delete';
    const no = document.createElement('button');
    no.type = 'button';
    no.textContent = 'Keep it';
    const answer = (remove) => {
      box.remove();
      if (remove) this.page.perform({ type: 'deleteSection', section });
      else column.deleteButton.focus();
    };
    yes.addEventListener('click', () => answer(true));
    no.addEventListener('click', () => answer(false));
    box.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') answer(false);
    });
    box.append(said, yes, no);
    column.head.after(box);
    no.focus();
  }

  addSection() {
    const container = this.page.addSectionColumn;
    this.field(container, {
      label: 'Title of the new section', placeholder: 'Title of the new section',
      target: { kind: 'newSection' },
      keep: (title) => this.page.perform({ type: 'addSection', title }),
    });
  }
}
