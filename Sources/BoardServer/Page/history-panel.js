// The board's history: its latest changes in the core's words, newest first, older ones on
// demand. A change opens the board as it was then, read-only, with "Restore this version", which
// asks first in the core's words what the restore changes ("3 tiles move, 2 come back, 1 goes")
// and then hands the board of that version to the core, which works out the change.

import { withToken } from './people.js';

const pageSize = 50;

export class HistoryPanel {
  /** `page`: { boardName, ask(question) → step, perform(intent) → step, canEdit }. */
  constructor(page, dialog) {
    this.page = page;
    this.dialog = dialog;
    this.list = dialog.querySelector('.history-list');
    this.more = dialog.querySelector('.history-more');
    this.problem = dialog.querySelector('.history-problem');
    this.listView = dialog.querySelector('.history-changes');
    this.pastView = dialog.querySelector('.history-past');
    this.pastTitle = dialog.querySelector('.past-title');
    this.pastBoard = dialog.querySelector('.past-board');
    this.restoreButton = dialog.querySelector('.restore');
    this.question = dialog.querySelector('.restore-question');
    this.confirmation = dialog.querySelector('.restore-confirm');
    this.oldest = null;
    this.past = null;
    dialog.querySelector('.history-close').addEventListener('click', () => this.close());
    this.more.addEventListener('click', () => this.load(this.oldest));
    dialog.querySelector('.past-back').addEventListener('click', () => this.showList());
    this.restoreButton.addEventListener('click', () => this.askToRestore());
    dialog.querySelector('.restore-yes').addEventListener('click', () => this.restore());
    dialog.querySelector('.restore-no').addEventListener('click', () => this.keep());
    this.list.addEventListener('click', (event) => {
      const entry = event.target.closest('button[data-version]');
      if (entry) this.showPast(Number(entry.dataset.version), entry.dataset.text, entry.dataset.at);
    });
  }

  get isOpen() {
    return this.dialog.open;
  }

  /** Opens the panel on the newest changes. */
  open() {
    this.list.replaceChildren();
    this.oldest = null;
    this.showList();
    this.dialog.showModal();
    this.load(null);
  }

  close() {
    this.dialog.close();
  }

  /** Fetches the page of changes before `before` (the newest without it) and the board just
   * before its oldest change, and lists them in the core's words. */
  async load(before) {
    this.more.disabled = true;
    this.say(null);
    const board = encodeURIComponent(this.page.boardName);
    try {
      const query = `limit=${pageSize}` + (before === null ? '' : `&before=${before}`);
      const text = await this.fetchText(`/boards/${board}/history?${query}`);
      const versions = JSON.parse(text).ops.map((entry) => entry.version);
      const oldest = versions.length > 0 ? Math.min(...versions) : null;
      const boardBefore = oldest !== null
        ? await this.fetchText(`/boards/${board}?version=${oldest - 1}`).catch(() => null)
        : null;
      const step = this.page.ask(boardBefore === null
        ? { type: 'historyWords', page: text }
        : { type: 'historyWords', page: text, before: boardBefore });
      if (step.error !== undefined) throw new Error(step.error);
      for (const line of step.history) this.list.append(this.entry(line));
      this.oldest = oldest;
      this.more.hidden = oldest === null || oldest <= 1 || versions.length < pageSize;
      if (this.list.children.length === 0) this.say('No changes yet.');
    } catch (error) {
      this.say(`The history could not be read: ${error.message}.`);
    }
    this.more.disabled = false;
  }

  entry(line) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.version = String(line.version);
    button.dataset.text = line.text;
    button.dataset.at = line.at;
    const version = document.createElement('span');
    version.className = 'history-version';
    version.textContent = line.first === undefined ? `v${line.version}` : `v${line.first}–${line.version}`;
    const text = document.createElement('span');
    text.className = 'history-text';
    text.dir = 'auto';
    text.textContent = line.text;
    const time = document.createElement('time');
    time.dateTime = line.at;
    time.textContent = clock(line.at);
    button.append(version, text, time);
    item.append(button);
    return item;
  }

  /** The board as it was at `version`, read-only, with the way to restore it. */
  async showPast(version, change, at) {
    this.say(null);
    let text;
    try {
      text = await this.fetchText(`/boards/${encodeURIComponent(this.page.boardName)}?version=${version}`);
    } catch (error) {
      this.say(`The board at version ${version} could not be read: ${error.message}.`);
      return;
    }
    const board = JSON.parse(text);
    this.past = text;
    this.pastTitle.textContent = `The board as it was at version ${version}, ${clock(at)}, after “${change}”. Read-only.`;
    this.pastBoard.replaceChildren(...board.sections.map((section) => {
      const column = document.createElement('section');
      column.className = 'past-section';
      const title = document.createElement('h3');
      title.dir = 'auto';
      title.textContent = section.title;
      const tiles = document.createElement('ul');
      tiles.setAttribute('aria-label', section.title);
      for (const item of section.items) {
        const tile = document.createElement('li');
        tile.dir = 'auto';
        tile.textContent = item.label;
        tiles.append(tile);
      }
      column.append(title, tiles);
      return column;
    }));
    this.listView.hidden = true;
    this.pastView.hidden = false;
    this.confirmation.hidden = true;
    this.restoreButton.hidden = false;
    this.restoreButton.disabled = !this.page.canEdit;
    this.question.textContent = '';
    this.pastTitle.focus();
  }

  showList() {
    this.past = null;
    this.pastView.hidden = true;
    this.listView.hidden = false;
  }

  /** "Restore this version": the core's question, naming what changes, or why not. */
  askToRestore() {
    const step = this.page.ask({ type: 'restoreQuestion', board: this.past });
    this.question.textContent = step.question ?? step.error ?? '';
    if (!step.restorable) return;
    this.restoreButton.hidden = true;
    this.confirmation.hidden = false;
    this.confirmation.querySelector('.restore-yes').focus();
  }

  restore() {
    const past = this.past;
    this.close();
    this.page.perform({ type: 'restore', board: past });
  }

  keep() {
    this.confirmation.hidden = true;
    this.restoreButton.hidden = false;
    this.question.textContent = '';
    this.restoreButton.focus();
  }

  say(text) {
    this.problem.hidden = text === null;
    this.problem.textContent = text ?? '';
  }

  async fetchText(path) {
    const response = await fetch(withToken(path), { cache: 'no-store' });
    if (!response.ok) {
      throw new Error(response.status === 404 ? 'the server no longer keeps it' : `the server answered ${response.status}`);
    }
    return response.text();
  }
}

/** An RFC 3339 time as the reader's clock shows it: "14:02", with the date when not today. */
function clock(at) {
  const time = new Date(at);
  if (Number.isNaN(time.getTime())) return '';
  const today = new Date().toDateString() === time.toDateString();
  const hours = time.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return today ? hours : `${time.toLocaleDateString()} ${hours}`;
}
