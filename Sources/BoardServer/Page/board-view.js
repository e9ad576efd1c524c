// The board on screen: one column per section, one card per tile, kept in step with the core's
// view by id (elements are reused, so a tile keeps its element, its focus and its animation
// when it moves). Labels and titles are only ever set as text. The view decides everything: this
// file only mirrors it.
//
// Hooks (section 8): each column has `data-section-id` and holds its tiles in order; a tile has
// `data-item-id` and its label as its text; another person's drag is an element with
// `data-placeholder-for` (their client) and `data-user` (their name) in place of the tile.

export class BoardView {
  /** `root`: the element with `data-board`; `addSection`: the trailing "add a section" column. */
  constructor(root, addSection) {
    this.root = root;
    this.addSection = addSection;
    /** Section id → its column's parts. */
    this.columns = new Map();
    /** Item id → its element (a tile, another person's placeholder, or this person's slot). */
    this.cells = new Map();
    this.view = { sections: [] };
  }

  /** Mirrors `view` in the DOM, moving only what is out of place. */
  render(view) {
    const focusedID = document.activeElement?.dataset?.key;
    const wanted = new Map();
    for (const section of view.sections) {
      for (const cell of section.cells) wanted.set(cell.id, section.id);
    }
    const shownSections = new Set(view.sections.map((section) => section.id));
    for (const [id, column] of this.columns) {
      if (!shownSections.has(id)) {
        column.element.remove();
        this.columns.delete(id);
      }
    }
    let before = this.root.firstElementChild;
    for (const section of view.sections) {
      const column = this.columnFor(section);
      if (column.element !== before) this.root.insertBefore(column.element, before);
      before = column.element.nextElementSibling;
      this.renderCells(column, section, wanted);
    }
    if (this.root.lastElementChild !== this.addSection) this.root.append(this.addSection);
    for (const [id, element] of this.cells) {
      if (!wanted.has(id)) {
        element.remove();
        this.cells.delete(id);
      }
    }
    this.view = view;
    if (focusedID && document.activeElement?.dataset?.key !== focusedID) {
      this.cells.get(focusedID)?.focus({ preventScroll: true });
    }
  }

  columnFor(section) {
    let column = this.columns.get(section.id);
    if (!column) {
      column = makeColumn(section.id);
      this.columns.set(section.id, column);
    }
    if (column.title !== section.title) {
      column.title = section.title;
      column.titleButton.textContent = section.title;
      column.list.setAttribute('aria-label', section.title);
      column.deleteButton.setAttribute('aria-label', `Delete section ${section.title}`);
      column.addButton.setAttribute('aria-label', `Add a tile to ${section.title}`);
    }
    const tiles = section.cells.filter((cell) => !cell.holder).length;
    if (column.count !== tiles) {
      column.count = tiles;
      column.countLabel.textContent = String(tiles);
    }
    return column;
  }

  /** Puts the section's cells in its list in order; a section whose cells are the ones it showed
   * last time, in the same order, only has its cells' contents brought up to date (most
   * sections of a batch), without reading its list. */
  renderCells(column, section, wanted) {
    const ids = section.cells.map((cell) => cell.id);
    const unmoved = column.order !== null && sameIDs(column.order, ids);
    column.order = ids;
    if (unmoved) {
      for (const cell of section.cells) this.cellFor(cell);
      return;
    }
    const list = column.list;
    for (const child of [...list.children]) {
      if (wanted.get(child.dataset.key) !== section.id) child.remove();
    }
    section.cells.forEach((cell, index) => {
      const element = this.cellFor(cell);
      const current = list.children[index];
      if (current === element) return;
      if (current && list.children[index + 1] === element) {
        list.append(current);
        if (list.children[index] === element) return;
      }
      list.insertBefore(element, list.children[index] ?? null);
    });
    while (list.children.length > section.cells.length) list.lastElementChild.remove();
  }

  cellFor(cell) {
    let element = this.cells.get(cell.id);
    if (!element) {
      element = makeCell(cell.id);
      this.cells.set(cell.id, element);
    }
    const holder = cell.holder ?? null;
    const state = element.shown;
    if (state && state.label === cell.label && sameHolder(state.holder, holder)) return element;
    element.shown = { label: cell.label, holder };
    const label = element.firstElementChild;
    if (!holder) {
      element.className = 'tile';
      element.dataset.itemId = cell.id;
      delete element.dataset.placeholderFor;
      delete element.dataset.user;
      delete element.dataset.heldItem;
      delete element.dataset.color;
      element.tabIndex = 0;
      element.removeAttribute('aria-label');
      label.textContent = cell.label;
      element.renameButton.setAttribute('aria-label', `Rename ${cell.label}`);
      element.deleteButton.setAttribute('aria-label', `Delete ${cell.label}`);
    } else if (holder.local) {
      element.className = 'tile slot';
      delete element.dataset.itemId;
      delete element.dataset.placeholderFor;
      delete element.dataset.user;
      element.dataset.heldItem = cell.id;
      element.dataset.color = holder.color;
      element.tabIndex = 0;
      label.textContent = cell.label;
    } else {
      element.className = 'tile placeholder';
      delete element.dataset.itemId;
      delete element.dataset.heldItem;
      element.dataset.placeholderFor = holder.client;
      element.dataset.user = holder.user;
      element.dataset.color = holder.color;
      element.tabIndex = -1;
      label.textContent = holder.user;
      element.setAttribute('aria-label', `${holder.user} is moving ${cell.label}`);
    }
    return element;
  }

  /** The section and index of a cell in the view on screen, or null. */
  positionOf(id) {
    for (const section of this.view.sections) {
      const index = section.cells.findIndex((cell) => cell.id === id);
      if (index >= 0) return { section: section.id, index, count: section.cells.length, title: section.title };
    }
    return null;
  }

  /** The label of an item in the view on screen, or null. */
  labelOf(id) {
    for (const section of this.view.sections) {
      const cell = section.cells.find((each) => each.id === id);
      if (cell) return cell.label;
    }
    return null;
  }

  section(id) {
    return this.view.sections.find((section) => section.id === id) ?? null;
  }
}

function sameIDs(a, b) {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) {
    if (a[index] !== b[index]) return false;
  }
  return true;
}

function sameHolder(a, b) {
  if (a === null || b === null) return a === b;
  return a.client === b.client && a.user === b.user && a.local === b.local;
}

function button(className, text = '') {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  if (text) element.textContent = text;
  return element;
}

function makeColumn(id) {
  const element = document.createElement('section');
  element.className = 'column';
  element.dataset.sectionId = id;
  const head = document.createElement('header');
  head.className = 'column-head';
  const heading = document.createElement('h2');
  heading.className = 'column-title';
  const titleButton = button('title-button');
  titleButton.dataset.action = 'rename-section';
  titleButton.title = 'Rename this section';
  heading.append(titleButton);
  const countLabel = document.createElement('span');
  countLabel.className = 'column-count';
  const deleteButton = button('icon-button delete-section');
  deleteButton.dataset.action = 'delete-section';
  head.append(heading, countLabel, deleteButton);
  const list = document.createElement('ol');
  list.className = 'tiles';
  const foot = document.createElement('div');
  foot.className = 'column-foot';
  const addButton = button('add-tile', 'Add a tile');
  addButton.dataset.action = 'add-tile';
  foot.append(addButton);
  element.append(head, list, foot);
  return { element, head, titleButton, countLabel, deleteButton, list, foot, addButton, title: null, count: null, order: null };
}

function makeCell(id) {
  const element = document.createElement('li');
  element.dataset.key = id;
  element.setAttribute('aria-describedby', 'drag-help');
  const label = document.createElement('span');
  label.className = 'tile-label';
  const tools = document.createElement('span');
  tools.className = 'tile-tools';
  element.renameButton = button('icon-button rename-tile');
  element.renameButton.dataset.action = 'rename-tile';
  element.deleteButton = button('icon-button delete-tile');
  element.deleteButton.dataset.action = 'delete-tile';
  tools.append(element.renameButton, element.deleteButton);
  element.append(label, tools);
  return element;
}
