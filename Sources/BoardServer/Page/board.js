// The board page: one client of the protocol, running the same BoardSync core as board-server
// and board-client (compiled to WebAssembly). This shell owns the WebSocket, the DOM, input and
// timers; every decision (what the board looks like, what to send, what moved) is the core's
// answer to an intent or a server message, applied by `apply`.

import { loadBoardSync } from './boardsync.js';
import { BoardView } from './board-view.js';
import { MotionPlayer } from './board-motion.js';
import { DragController } from './board-drag.js';
import { Editing } from './board-edit.js';
import { TileTools } from './tile-tools.js';
import { Connection } from './connection.js';
import { chosenUser, rememberUser, token, withToken } from './people.js';
import { setUpExportMenu } from './export-menu.js';
import { PeopleList } from './people-list.js';
import { Notices } from './notices.js';
import { KeptSession, openKeptSession } from './session-keeper.js';
import { registerWorker } from './offline-store.js';
import { TextField } from './text-field.js';
import { HistoryPanel } from './history-panel.js';

const boardName = decodeURIComponent(location.pathname.replace(/^\/b\//, ''));
const noStorageWords = 'This browser keeps no copy of your edits for this page (a private window, or no room left), '
  + 'so edits not sent yet are lost if you leave or reload the page.';

class BoardPage {
  /** `opened`: the session and what keeps it (`openKeptSession`). */
  constructor(core, user, opened) {
    this.root = document.getElementById('board');
    this.addSectionColumn = document.getElementById('add-section');
    this.board = new BoardView(this.root, this.addSectionColumn);
    this.motion = new MotionPlayer(document.getElementById('motion-layer'));
    this.notices = new Notices(document.getElementById('notices'));
    this.session = opened.session;
    this.status = this.session.first.status;
    this.connection = new Connection(boardName, {
      opened: () => this.perform({ type: 'connected' }),
      message: (text) => this.receive(text),
      closed: (code, reason) => {
        this.lastCloseCode = code;
        this.perform(code === null ? { type: 'disconnected' } : { type: 'disconnected', code, reason });
      },
      refused: (status) => this.perform({ type: 'refused', status }),
    });
    this.kept = new KeptSession(this.session, opened.writer, this.connection, () => this.notices.warnNoStorage(noStorageWords));
    if (opened.writer === null) this.notices.warnNoStorage(noStorageWords);
    if (opened.restoreProblem !== null) {
      this.notices.toast(`The edits this browser kept for this board could not be read (${opened.restoreProblem}); `
        + 'they stay kept, and this page starts without them.', 'warning');
    }
    this.tickTimer = 0;
    this.refusal = null;
    this.lastCloseCode = null;
    this.drag = new DragController(this);
    this.editing = new Editing(this);
    this.tools = new TileTools(this);
    this.people = new PeopleList(document.getElementById('people'));
    this.root.dataset.board = boardName;
    document.title = `${boardName} · board`;
    document.getElementById('board-name').textContent = boardName;
    document.getElementById('board-name').title = boardName;
    this.root.addEventListener('keydown', (event) => this.key(event));
    this.root.addEventListener('focusin', (event) => {
      const tile = event.target.closest?.('.tile[data-key]');
      if (tile && !tile.classList.contains('placeholder')) this.board.activate(tile.dataset.key);
    });
    document.addEventListener('keydown', (event) => this.globalKey(event));
    document.getElementById('undo').addEventListener('click', () => this.perform({ type: 'undo' }));
    document.getElementById('redo').addEventListener('click', () => this.perform({ type: 'redo' }));
    this.boardName = boardName;
    this.history = new HistoryPanel(this, document.getElementById('history'));
    document.getElementById('history-open').addEventListener('click', () => this.history.open());
    this.selectedShown = new Set();
    addEventListener('online', () => this.wentOnline());
    addEventListener('offline', () => this.wentOffline());
    // Leaving asks first only when edits would really be lost: some are unsent and the browser
    // keeps no copy of them (or is still writing it).
    addEventListener('beforeunload', (event) => {
      if (!this.kept.atRisk) return;
      event.preventDefault();
      event.returnValue = '';
    });
    addEventListener('pagehide', () => this.kept.keepWaiting());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') this.kept.keepWaiting();
    });
    this.apply(this.session.first);
    this.perform({ type: 'start' });
  }

  get canEdit() {
    return this.status.role === 'editor' && this.refusal === null;
  }

  /** An intent to the core, applied; answers the step. */
  perform(intent) {
    const step = this.session.intent(intent);
    this.apply(step);
    return step;
  }

  /** A question to the core that changes nothing (`checkText`, `deleteSectionQuestion`). */
  ask(question) {
    return this.session.intent(question);
  }

  /** A text field guarded by the core's text rules (`TextField`). */
  guard(input, kind, elements) {
    return new TextField(input, (text, typing) => this.ask({ type: 'checkText', text, typing, kind }).text, elements);
  }

  /** A server message, applied; its time goes into the page's performance timeline, which
   * keeps the latest such measure only (the timeline never drops measures by itself, and a page
   * may stay open for days): a PerformanceObserver sees every one. */
  receive(text) {
    const start = performance.now();
    this.apply(this.session.receive(text));
    performance.clearMeasures('boardsync:message');
    performance.measure('boardsync:message', { start, end: performance.now() });
  }

  /** Everything an answer asks for, in order: the connection, messages out, the view, the
   * status, the view's animation, notices and sentences, timers. The status is written before
   * the animation starts, so that the one layout the animation reads covers both. */
  apply(step) {
    if (step.error !== undefined) console.warn(`board-sync: ${step.error}`);
    if (step.problem !== undefined) console.error(`board-sync: ${step.problem}`);
    if (step.reconnect) this.connection.drop();
    this.kept.carry(step);
    if (step.edit !== undefined) this.editing.followed(step.edit);
    const wasHolding = this.drag.holding;
    this.status = step.status;
    const view = step.changes ? this.board.patched(step.changes) : step.view;
    const animate = view && step.plan;
    const first = animate ? this.motion.capture(step.plan, this.board) : null;
    if (view) {
      this.board.render(view, step.changes ? new Set(step.changes.sections.map((section) => section.id)) : null);
      this.tools.refresh();
    }
    this.showSelection(step.status.selection, view !== undefined && view !== null);
    this.showStatus();
    if (animate) this.motion.play(step.plan, this.board, first);
    if (wasHolding && step.status.drag === null) this.drag.lost();
    for (const notice of step.notices) {
      if (notice.shown !== false) this.notices.toast(notice.text, notice.warning ? 'warning' : 'info');
    }
    for (const sentence of step.announcements ?? []) this.announce(sentence);
    if (step.tickAfterMs !== undefined) {
      clearTimeout(this.tickTimer);
      this.tickTimer = setTimeout(() => this.perform({ type: 'tick' }), step.tickAfterMs);
    }
    if (step.stopped !== undefined) this.refused(step.stopped);
    else if (step.connectAfterMs !== undefined) this.connection.openAfter(step.connectAfterMs);
  }

  showStatus() {
    const status = this.status;
    const connection = this.refusal !== null || !navigator.onLine
      ? 'offline'
      : status.phase === 'live' ? 'connected' : 'reconnecting';
    setData(this.root, 'version', String(status.version));
    setData(this.root, 'connection', connection);
    setData(this.root, 'role', status.role);
    const words = {
      connected: 'Connected',
      reconnecting: status.pending > 0 ? `Reconnecting · ${status.pending} unsent` : 'Reconnecting…',
      offline: status.pending > 0 ? `Offline · ${status.pending} unsent` : 'Offline',
    };
    const state = document.getElementById('connection');
    setData(state, 'state', connection);
    setText(state, words[connection]);
    setText(document.getElementById('version'), `v${status.version}`);
    setFlag(document.getElementById('view-only'), 'hidden', status.role !== 'viewer');
    setFlag(document.getElementById('undo'), 'disabled', !status.canUndo || !this.canEdit);
    setFlag(document.getElementById('redo'), 'disabled', !status.canRedo || !this.canEdit);
    setText(document.getElementById('last-action'), status.announcement ?? '');
    const signature = JSON.stringify(status.people);
    if (this.peopleShown !== signature) {
      this.peopleShown = signature;
      this.people.show(status.people);
    }
  }

  /** The browser lost its network: the socket is dropped and the session told, so that edits
   * made from now on wait, kept, as unsent, instead of going into a socket the browser may hold
   * open and send on later (while this page is closing, say), with nobody here to keep the
   * answers. */
  wentOffline() {
    if (this.connection.isOpen) {
      this.connection.drop();
      this.perform({ type: 'disconnected' });
    }
    this.showStatus();
  }

  /** The browser has a network again: the connection the session is waiting to retry is opened
   * now rather than after its backoff. */
  wentOnline() {
    if (this.refusal === null && !this.connection.isOpen && this.connection.timer !== null) this.connection.openAfter(0);
    this.showStatus();
  }

  /** Outlines the selected tiles and describes them as selected; `drawn`: the view was drawn
   * again, so a selected tile may be a new element. Only the tiles selected now or before are
   * touched, and nothing at all while nothing is or was selected. */
  showSelection(selection, drawn) {
    const now = new Set(selection);
    const same = now.size === this.selectedShown.size && selection.every((item) => this.selectedShown.has(item));
    if (same && (!drawn || now.size === 0)) return;
    for (const item of this.selectedShown) {
      const tile = now.has(item) ? null : this.board.cells.get(item);
      if (!tile) continue;
      tile.classList.remove('selected');
      tile.setAttribute('aria-describedby', 'drag-help');
    }
    for (const item of now) {
      const tile = this.board.cells.get(item);
      if (!tile) continue;
      const selected = tile.dataset.itemId !== undefined;
      tile.classList.toggle('selected', selected);
      tile.setAttribute('aria-describedby', selected ? 'drag-help selected-help' : 'drag-help');
    }
    this.selectedShown = now;
  }

  /** Says `text` to screen readers through the polite live region. A text that is already
   * there is taken out and put back on the next frame, so that it is said again. */
  announce(text) {
    const region = document.getElementById('announcer');
    if (region.textContent !== text) {
      region.textContent = text;
      return;
    }
    region.textContent = '';
    requestAnimationFrame(() => {
      region.textContent = text;
    });
  }

  /** The session stopped connecting for good: the page says why and stops changing. A board
   * deleted under it (close code 4410) says so, with the blocker's link to every board. */
  refused(text) {
    this.refusal = text;
    this.connection.stop();
    if (this.drag.holding) this.drag.lost();
    const deleted = this.lastCloseCode === BOARD_DELETED;
    showBlocker(deleted ? 'This board was deleted' : 'Cannot open this board', text);
    document.body.dataset.boardDeleted = deleted ? 'true' : 'false';
    this.showStatus();
  }

  key(event) {
    if (this.editing.active || event.target.closest('input, form')) return;
    const tile = event.target.closest('[data-key]');
    if (!tile || !this.root.contains(tile)) return;
    const item = tile.dataset.key;
    const keyboardHeld = this.drag.holding && !this.drag.held.pointer;
    if (keyboardHeld) {
      const directions = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };
      if (directions[event.key]) {
        event.preventDefault();
        this.drag.step(directions[event.key]);
      } else if (event.key === ' ' || event.key === 'Enter') {
        event.preventDefault();
        this.drag.drop();
      } else if (event.key === 'Escape') {
        event.preventDefault();
        this.drag.cancel();
      }
      return;
    }
    if (this.drag.holding) {
      if (event.key === 'Escape') this.drag.cancel();
      return;
    }
    if (event.target !== tile || tile.dataset.itemId === undefined) return;
    const selection = this.status.selection;
    if (event.key === ' ' && (event.ctrlKey || event.metaKey || event.shiftKey)) {
      event.preventDefault();
      if (this.canEdit) this.perform(event.shiftKey ? { type: 'markRun', item } : { type: 'mark', item });
    } else if (event.key === 'Escape' && selection.length > 0) {
      event.preventDefault();
      this.perform({ type: 'clearMarks' });
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && this.canEdit && selection.includes(item)) {
      event.preventDefault();
      const place = this.board.positionOf(item);
      this.perform({ type: 'deleteMarked' });
      if (place) this.focusNear(place.section, place.index);
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (this.refusal !== null) return;
      if (this.status.role !== 'editor') {
        this.perform({ type: 'pickUp', item });
        return;
      }
      this.drag.liftWithKeyboard(item);
    } else if (event.key === 'F2' && this.canEdit) {
      event.preventDefault();
      this.editing.renameTile(item);
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && this.canEdit) {
      event.preventDefault();
      this.editing.deleteTile(item);
    } else if (event.key.startsWith('Arrow')) {
      event.preventDefault();
      this.focusStep(item, event.key);
    }
  }

  globalKey(event) {
    const typing = event.target.closest?.('input, textarea');
    const key = event.key.toLowerCase();
    const command = (event.ctrlKey || event.metaKey) && !event.altKey && !typing;
    if (command && !event.shiftKey && key === 'z') {
      event.preventDefault();
      if (this.drag.holding) this.drag.cancel();
      else if (this.canEdit) this.perform({ type: 'undo' });
    } else if (command && ((event.shiftKey && key === 'z') || (event.ctrlKey && !event.shiftKey && key === 'y'))) {
      event.preventDefault();
      if (!this.drag.holding && this.canEdit) this.perform({ type: 'redo' });
    } else if (event.key === 'Escape' && this.drag.holding) {
      this.drag.cancel();
    }
  }

  /** Arrow keys without a held tile move the focus between tiles. */
  focusStep(item, key) {
    const sections = this.board.view.sections;
    const place = this.board.positionOf(item);
    if (!place) return;
    const at = sections.findIndex((section) => section.id === place.section);
    let section = at;
    let index = place.index;
    if (key === 'ArrowUp') index -= 1;
    if (key === 'ArrowDown') index += 1;
    if (key === 'ArrowLeft') section -= 1;
    if (key === 'ArrowRight') section += 1;
    const target = sections[section];
    if (!target || target.cells.length === 0) return;
    index = Math.max(0, Math.min(index, target.cells.length - 1));
    this.board.cells.get(target.cells[index].id)?.focus();
  }

  /** After a delete: the focus goes to the tile now nearest the place. */
  focusNear(section, index) {
    const cells = this.board.section(section)?.cells ?? [];
    const next = cells[Math.min(index, cells.length - 1)];
    if (next) this.board.cells.get(next.id)?.focus();
    else this.board.columns.get(section)?.addButton.focus();
  }

  focusBoard() {
    (this.board.cells.get(this.board.active) ?? this.root.querySelector('.tile[data-item-id]'))?.focus();
  }
}

// The status bar is written after every batch; an element is only touched when what it shows
// changes, so that an unchanged one costs no style or layout in the frame.

function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

function setData(element, key, value) {
  if (element.dataset[key] !== value) element.dataset[key] = value;
}

/** The close code of a connection whose board was deleted (protocol section 11). */
const BOARD_DELETED = 4410;

function setFlag(element, property, on) {
  if (element[property] !== on) element[property] = on;
}

/** Covers the board with a message (a refusal, a missing module); the page stays readable. */
function showBlocker(title, text) {
  const blocker = document.getElementById('blocker');
  blocker.querySelector('h2').textContent = title;
  blocker.querySelector('p').textContent = text;
  blocker.hidden = false;
}

/** Asks for the name others will see, once; the core checks it (`openSession` refuses names
 * the protocol does not allow, with its reason). */
function askForName(core, message) {
  return new Promise((resolve) => {
    const form = document.getElementById('name-form');
    const input = form.querySelector('input');
    const error = form.querySelector('.field-error');
    // A session of its own answers how the typed name stands against the rules for names.
    const checker = core.openSession({ board: boardName, user: 'name' });
    const field = new TextField(input, (text, typing) => checker.intent({ type: 'checkText', text, typing, kind: 'user' }).text,
      { counter: form.querySelector('.field-counter'), message: error });
    if (message) field.note(message);
    form.hidden = false;
    input.focus();
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const name = field.accepted();
      if (name === null) return;
      try {
        core.openSession({ board: boardName, user: name }).close();
      } catch (refusal) {
        error.textContent = `That name cannot be used: ${refusal.message}.`;
        return;
      }
      rememberUser(name);
      checker.close();
      form.hidden = true;
      resolve(name);
    });
  });
}

async function start() {
  document.getElementById('board-name').textContent = boardName;
  setUpExportMenu(document.getElementById('export'), boardName);
  let core;
  try {
    core = await loadBoardSync(fetch('/assets/boardsync.wasm'));
  } catch (error) {
    showBlocker('This server cannot show boards yet',
      `The board engine (boardsync.wasm) could not be loaded: ${error.message}. ` +
      'Whoever runs the server can build it with "make wasm" and restart it.');
    return;
  }
  try {
    core.openSession({ board: boardName, user: 'name' }).close();
  } catch (refusal) {
    showBlocker('This is not a board name', `"${boardName}" cannot name a board: ${refusal.message}.`);
    return;
  }
  let user = chosenUser();
  let problem = null;
  if (user !== null) {
    try {
      core.openSession({ board: boardName, user }).close();
    } catch (refusal) {
      problem = `The name "${user}" cannot be used: ${refusal.message}.`;
      user = null;
    }
  }
  if (user === null) user = await askForName(core, problem);
  const opened = await openKeptSession(core, { board: boardName, user, views: 'changes', usesToken: token !== null });
  window.boardPage = new BoardPage(core, user, opened);
}

document.getElementById('home').href = '/';
registerWorker();
start();
