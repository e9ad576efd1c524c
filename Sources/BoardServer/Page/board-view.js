// The board on screen: one column per section, one card per tile, kept in step with the core's
// view by id (elements are reused, so a tile keeps its element, its focus and its animation
// when it moves). Labels and titles are only ever set as text. The view decides everything: this
// file only mirrors it.
//
// Hooks (section 8): each column has `data-section-id` and holds its tiles in order; a tile has
// `data-item-id` and its label as its text; another person's drag is an element with
// `data-placeholder-for` (their client) and `data-user` (their name) in place of the tile.
//
// A column's list holds its tiles in runs of about `runSize`, each laid out and painted on its
// own (CSS containment): when one tile comes or goes, only its run is laid out and painted
// again, and the runs after it move as wholes, so a long column costs what a short one does.
// A run is a box without a role of its own; the list and its tiles are what assistive
// technology sees.

const runSize = 32;
const runSplit = 64;
const runJoin = 4;

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
    /** The one tile in the Tab order (roving focus): the arrow keys move between tiles, so a
     * long board is one Tab stop, not one per tile. */
    this.active = null;
  }

  /** Makes the tile of `id` the board's one Tab stop. */
  activate(id) {
    if (this.active === id) return;
    const previous = this.active === null ? null : this.cells.get(this.active);
    if (previous) previous.tabIndex = -1;
    this.active = id;
    const element = id === null ? null : this.cells.get(id);
    if (element) element.tabIndex = 0;
  }

  /** After a render: the Tab stop stays on its tile while it is a tile of the board, else goes
   * to the first tile. */
  keepActive() {
    const element = this.active === null ? null : this.cells.get(this.active);
    if (element && element.tabIndex === 0) return;
    let first = null;
    for (const section of this.view.sections) {
      first = section.cells.find((cell) => !cell.holder || cell.holder.local) ?? null;
      if (first) break;
    }
    this.active = null;
    this.activate(first?.id ?? null);
  }

  /** The view after `changes` (the core's `ViewChanges`) to the view on screen. */
  patched(changes) {
    return patchedView(this.view, changes);
  }

  /** Mirrors `view` in the DOM, moving only what is out of place. `changed`: the ids of the
   * sections that may differ from the view on screen (the others are left as they are), or
   * null when any may. */
  render(view, changed = null) {
    const focusedID = document.activeElement?.dataset?.key;
    const redrawn = (id) => changed === null || changed.has(id);
    const wanted = new Map();
    for (const section of view.sections) {
      if (!redrawn(section.id)) continue;
      for (const cell of section.cells) wanted.set(cell.id, section.id);
    }
    const leaving = [];
    const shownSections = new Set(view.sections.map((section) => section.id));
    for (const section of this.view.sections) {
      if (shownSections.has(section.id) && !redrawn(section.id)) continue;
      for (const cell of section.cells) {
        if (!wanted.has(cell.id)) leaving.push(cell.id);
      }
    }
    for (const [id, column] of this.columns) {
      if (!shownSections.has(id)) {
        column.element.remove();
        this.columns.delete(id);
      }
    }
    let before = this.root.firstElementChild;
    for (const section of view.sections) {
      const column = redrawn(section.id) ? this.columnFor(section) : this.columns.get(section.id);
      if (column.element !== before) this.root.insertBefore(column.element, before);
      before = column.element.nextElementSibling;
      if (redrawn(section.id)) this.renderCells(column, section, wanted);
    }
    if (this.root.lastElementChild !== this.addSection) this.root.append(this.addSection);
    for (const id of leaving) {
      this.cells.get(id)?.remove();
      this.cells.delete(id);
    }
    this.view = view;
    this.keepActive();
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
    let tiles = 0;
    for (const cell of section.cells) if (!cell.holder) tiles += 1;
    if (column.count !== tiles) {
      column.count = tiles;
      column.countLabel.textContent = String(tiles);
    }
    return column;
  }

  /** Puts the section's cells in its list in order. A section whose cells are the ones it showed
   * last time, in the same order, only has its cells' contents brought up to date (most
   * sections of a batch), without reading its list. Otherwise each tile stays in the run that
   * holds it where the order allows, so a change touches the runs around it and no other. */
  renderCells(column, section, wanted) {
    const ids = section.cells.map((cell) => cell.id);
    const unmoved = column.order !== null && sameIDs(column.order, ids);
    column.order = ids;
    if (unmoved) {
      for (const cell of section.cells) this.cellFor(cell);
      this.openRuns(column, section);
      return;
    }
    for (const run of column.runs) {
      for (const child of [...run.element.children]) {
        if (wanted.get(child.cellID) !== section.id) child.remove();
      }
    }
    const contents = this.placeInRuns(column, section.cells);
    column.runs.forEach((run, index) => {
      const cells = contents[index];
      const element = run.element;
      cells.forEach((id, at) => {
        const tile = this.cells.get(id);
        const current = element.children[at];
        if (current === tile) return;
        if (current && element.children[at + 1] === tile && !cells.includes(current.cellID)) {
          current.remove();
          if (element.children[at] === tile) return;
        }
        element.insertBefore(tile, element.children[at] ?? null);
      });
      run.count = cells.length;
    });
    this.balanceRuns(column);
    this.openRuns(column, section);
  }

  /** Which run each of `cells` (the section's new order) goes into: the run that holds it now
   * when that keeps the runs in order, else the run of the tile before it. Tiles that come to
   * the end of a column whose last run is full start a new run, so that a column growing at its
   * end never has to split a run (which moves half of its tiles). Makes every cell's element
   * and creates the first run of an empty list. */
  placeInRuns(column, cells) {
    const runIndex = new Map(column.runs.map((run, index) => [run.element, index]));
    if (column.runs.length === 0 && cells.length > 0) column.runs.push(this.makeRun(column, null));
    const contents = column.runs.map(() => []);
    let current = 0;
    for (const cell of cells) {
      const tile = this.cellFor(cell);
      const index = runIndex.get(tile.parentElement);
      if (index !== undefined && index >= current) current = index;
      contents[current].push(cell.id);
    }
    const last = contents[contents.length - 1];
    if (last && last.length > runSize) {
      const lastRun = column.runs[column.runs.length - 1].element;
      let arriving = 0;
      while (arriving < last.length - runSize && this.cells.get(last[last.length - 1 - arriving]).parentElement !== lastRun) {
        arriving += 1;
      }
      if (arriving > 0) {
        column.runs.push(this.makeRun(column, null));
        contents.push(last.splice(last.length - arriving));
      }
    }
    return contents;
  }

  /** Splits runs grown past `runSplit` tiles, joins a short run to the next one when both fit
   * in `runSize`, and drops empty runs; each costs moving a few tiles once. */
  balanceRuns(column) {
    const runs = column.runs;
    for (let index = 0; index < runs.length; index += 1) {
      const run = runs[index];
      if (run.count === 0) {
        run.element.remove();
        runs.splice(index, 1);
        index -= 1;
      } else if (run.count > runSplit) {
        const next = this.makeRun(column, run.element.nextElementSibling);
        const moving = [...run.element.children].slice(runSize);
        next.element.append(...moving);
        next.count = moving.length;
        run.count -= moving.length;
        runs.splice(index + 1, 0, next);
      } else if (index + 1 < runs.length && run.count < runJoin && run.count + runs[index + 1].count <= runSize) {
        const next = runs[index + 1];
        run.element.append(...next.element.children);
        run.count += next.count;
        next.element.remove();
        runs.splice(index + 1, 1);
        index -= 1;
      }
    }
  }

  /** Marks the run that holds this person's own slot, whose lifted look must not be cut at the
   * run's edges, and only that one. */
  openRuns(column, section) {
    const holding = section.cells.some((cell) => cell.holder?.local);
    if (!holding && !column.open) return;
    column.open = holding;
    for (const run of column.runs) {
      const open = holding && run.element.querySelector(':scope > .slot') !== null;
      if (run.element.classList.contains('open') !== open) run.element.classList.toggle('open', open);
    }
  }

  makeRun(column, before) {
    const element = document.createElement('div');
    element.className = 'run';
    element.setAttribute('role', 'none');
    column.list.insertBefore(element, before);
    return { element, count: 0 };
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
      element.tabIndex = cell.id === this.active ? 0 : -1;
      element.removeAttribute('aria-label');
      label.textContent = cell.label;
    } else if (holder.local) {
      element.className = 'tile slot';
      delete element.dataset.itemId;
      delete element.dataset.placeholderFor;
      delete element.dataset.user;
      element.dataset.heldItem = cell.id;
      element.dataset.color = holder.color;
      element.tabIndex = cell.id === this.active ? 0 : -1;
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

/** `view` after `changes` (the core's `ViewChanges`): the sections in `changes.order`, each the
 * changed one when it is there (the cells of the one in `view`, none for a new section, with
 * `remove` cells from `at` replaced by `cells`), else the one of `view`. */
export function patchedView(view, changes) {
  const shown = new Map(view.sections.map((section) => [section.id, section]));
  const changed = new Map(changes.sections.map(({ id, title, at, remove, cells }) => {
    const before = shown.get(id)?.cells ?? [];
    return [id, { id, title, cells: [...before.slice(0, at), ...cells, ...before.slice(at + remove)] }];
  }));
  return { sections: changes.order.map((id) => changed.get(id) ?? shown.get(id)) };
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
  titleButton.dir = 'auto';
  titleButton.dataset.action = 'rename-section';
  titleButton.title = 'Rename this section';
  heading.append(titleButton);
  const countLabel = document.createElement('span');
  countLabel.className = 'column-count';
  const deleteButton = button('icon-button delete-section');
  deleteButton.dataset.action = 'delete-section';
  head.append(heading, countLabel, deleteButton);
  const list = document.createElement('div');
  list.className = 'tiles';
  list.setAttribute('role', 'list');
  const foot = document.createElement('div');
  foot.className = 'column-foot';
  const addButton = button('add-tile', 'Add a tile');
  addButton.dataset.action = 'add-tile';
  foot.append(addButton);
  element.append(head, list, foot);
  return { element, head, titleButton, countLabel, deleteButton, list, foot, addButton, runs: [], open: false, title: null, count: null, order: null };
}

function makeCell(id) {
  const element = document.createElement('div');
  element.setAttribute('role', 'listitem');
  element.dataset.key = id;
  element.cellID = id;
  element.setAttribute('aria-describedby', 'drag-help');
  const label = document.createElement('span');
  label.className = 'tile-label';
  label.dir = 'auto';
  element.append(label);
  return element;
}
