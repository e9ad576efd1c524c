// The index: the boards this server holds (GET /boards, under the same token as the boards),
// each with a delete that asks first, naming its tiles (DELETE /boards/NAME moves it to the
// trash); the trash (GET /boards?trash=1) with a Restore button per board
// (POST /boards/NAME/restore?deleted=TIME); and a form to open one by name, which creates it
// when it does not exist yet. Board and user names are checked by the core itself (the
// WebAssembly module), so the rules are the server's.

import { loadBoardSync } from './boardsync.js';
import { chosenUser, rememberUser, token, withToken } from './people.js';
import { registerWorker } from './offline-store.js';

const form = document.getElementById('open-form');
const boardField = form.elements.board;
const userField = form.elements.user;
const error = form.querySelector('.field-error');
const state = document.getElementById('list-state');
const list = document.getElementById('board-list');
const trashToggle = document.getElementById('trash-toggle');
const trashPanel = document.getElementById('trash');
const trashState = document.getElementById('trash-state');
const trashList = document.getElementById('trash-list');
const changeState = document.getElementById('change-state');
const confirmDialog = document.getElementById('confirm-delete');
let core = null;
const coreLoading = loadBoardSync(fetch('/assets/boardsync.wasm')).then((loaded) => {
  core = loaded;
}, () => {});

userField.value = chosenUser() ?? '';

function boardLink(name) {
  return `/b/${encodeURIComponent(name)}`;
}

async function showBoards() {
  let response;
  try {
    response = await fetch(withToken('/boards'), { cache: 'no-store' });
  } catch {
    state.textContent = 'The server cannot be reached.';
    return;
  }
  if (response.status === 401) {
    state.textContent = token
      ? 'The access token in this link is not valid on this server.'
      : 'This server needs an access token: open the link with ?token=… that you were given.';
    return;
  }
  if (!response.ok) {
    state.textContent = `The server could not list its boards (HTTP ${response.status}).`;
    return;
  }
  const { boards } = await response.json();
  state.textContent = boards.length === 0 ? 'No boards yet: name one above to create it.' : '';
  state.hidden = boards.length > 0;
  list.replaceChildren(...boards.map((board) => {
    const item = document.createElement('li');
    item.className = 'board-entry';
    const link = document.createElement('a');
    link.className = 'board-card';
    link.href = boardLink(board.id);
    link.dataset.boardId = board.id;
    link.append(...cardText(board, `version ${board.version}`));
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'board-delete';
    remove.textContent = 'Delete';
    remove.setAttribute('aria-label', `Delete board ${board.id}`);
    remove.addEventListener('click', () => askToDelete(board));
    item.append(link, remove);
    return item;
  }));
}

/** The name and the facts of a board's card. */
function cardText(board, last) {
  const name = document.createElement('span');
  name.className = 'board-card-name';
  name.textContent = board.id;
  const facts = document.createElement('span');
  facts.className = 'board-card-facts';
  const tiles = `${board.items} ${board.items === 1 ? 'tile' : 'tiles'}`;
  const sections = `${board.sections} ${board.sections === 1 ? 'section' : 'sections'}`;
  facts.textContent = `${tiles} · ${sections} · ${last}`;
  return [name, facts];
}

/** The question before a delete, naming the board's tiles (as every client asks it). */
function deleteQuestion(board) {
  if (board.items === 0) return `Delete the empty board “${board.id}”?`;
  return `Delete board “${board.id}” and its ${board.items} ${board.items === 1 ? 'tile' : 'tiles'}?`;
}

function askToDelete(board) {
  document.getElementById('confirm-delete-text').textContent = deleteQuestion(board);
  confirmDialog.returnValue = '';
  confirmDialog.onclose = () => {
    if (confirmDialog.returnValue === 'delete') deleteBoard(board.id);
  };
  confirmDialog.showModal();
}

/** What a refused change says: the server's message when it sent one. */
async function refusalText(response, fallback) {
  try {
    const body = await response.json();
    if (body.message) return body.message.endsWith('.') ? body.message : `${body.message}.`;
  } catch {
    // Not JSON: the fallback says it.
  }
  return fallback;
}

async function change(path, method, done, refused) {
  let response;
  try {
    response = await fetch(withToken(path), { method, cache: 'no-store' });
  } catch {
    changeState.textContent = 'The server cannot be reached.';
    return;
  }
  if (response.status === 204) {
    changeState.textContent = done;
    await Promise.all([showBoards(), trashPanel.hidden ? null : showTrash()]);
    return;
  }
  changeState.textContent = await refusalText(response, refused(response.status));
}

function deleteBoard(name) {
  return change(`/boards/${encodeURIComponent(name)}`, 'DELETE',
    `Board “${name}” is in the trash; it can be restored from there.`,
    (status) => (status === 404 ? `Board “${name}” no longer exists.`
      : status === 403 ? 'Your access does not let you delete this board.'
        : `The server did not delete the board (HTTP ${status}).`));
}

function restoreBoard(entry) {
  const query = `?deleted=${encodeURIComponent(entry.deleted)}`;
  return change(`/boards/${encodeURIComponent(entry.id)}/restore${query}`, 'POST',
    `Board “${entry.id}” is back.`,
    (status) => (status === 409 ? `A board named “${entry.id}” exists, so this one cannot come back under that name. Delete the new one first.`
      : status === 404 ? `The trash no longer holds board “${entry.id}”.`
        : status === 403 ? 'Your access does not let you restore this board.'
          : `The server did not restore the board (HTTP ${status}).`));
}

async function showTrash() {
  let response;
  try {
    response = await fetch(withToken('/boards?trash=1'), { cache: 'no-store' });
  } catch {
    trashState.textContent = 'The server cannot be reached.';
    return;
  }
  if (!response.ok) {
    trashState.textContent = `The server could not list its trash (HTTP ${response.status}).`;
    return;
  }
  const { trash } = await response.json();
  trashState.textContent = trash.length === 0 ? 'The trash is empty.' : '';
  trashState.hidden = trash.length > 0;
  trashList.replaceChildren(...trash.map((entry) => {
    const item = document.createElement('li');
    item.className = 'board-entry';
    const card = document.createElement('div');
    card.className = 'board-card trash-card';
    card.dataset.boardId = entry.id;
    card.dataset.deleted = entry.deleted;
    card.append(...cardText(entry, `deleted ${new Date(entry.deleted).toLocaleString()}`));
    const restore = document.createElement('button');
    restore.type = 'button';
    restore.className = 'board-restore';
    restore.textContent = 'Restore';
    restore.setAttribute('aria-label', `Restore board ${entry.id}`);
    restore.addEventListener('click', () => restoreBoard(entry));
    item.append(card, restore);
    return item;
  }));
}

trashToggle.addEventListener('click', () => {
  const open = trashPanel.hidden;
  trashPanel.hidden = !open;
  trashToggle.setAttribute('aria-expanded', String(open));
  trashToggle.textContent = open ? 'Hide the trash' : 'Show the trash';
  if (open) showTrash();
});

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const board = boardField.value.trim();
  const user = userField.value;
  await coreLoading;
  if (core) {
    try {
      core.openSession({ board, user }).close();
    } catch (refusal) {
      error.textContent = refusal.message.startsWith('field "board"')
        ? 'A board name has 1 to 64 letters, digits, dots, dashes or underscores.'
        : `Your name cannot be used: ${refusal.message}.`;
      return;
    }
  }
  rememberUser(user);
  location.href = boardLink(board);
});

registerWorker();
showBoards();
