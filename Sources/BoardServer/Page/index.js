// The index: the boards this server holds (GET /boards, under the same token as the boards),
// and a form to open one by name, which creates it when it does not exist yet. Board and user
// names are checked by the core itself (the WebAssembly module), so the rules are the server's.

import { loadBoardSync } from './boardsync.js';
import { chosenUser, rememberUser, token, withToken } from './people.js';
import { registerWorker } from './offline-store.js';

const form = document.getElementById('open-form');
const boardField = form.elements.board;
const userField = form.elements.user;
const error = form.querySelector('.field-error');
const state = document.getElementById('list-state');
const list = document.getElementById('board-list');
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
    const link = document.createElement('a');
    link.className = 'board-card';
    link.href = boardLink(board.id);
    link.dataset.boardId = board.id;
    const name = document.createElement('span');
    name.className = 'board-card-name';
    name.textContent = board.id;
    const facts = document.createElement('span');
    facts.className = 'board-card-facts';
    const tiles = `${board.items} ${board.items === 1 ? 'tile' : 'tiles'}`;
    const sections = `${board.sections} ${board.sections === 1 ? 'section' : 'sections'}`;
    facts.textContent = `${tiles} · ${sections} · version ${board.version}`;
    link.append(name, facts);
    item.append(link);
    return item;
  }));
}

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
        : `That name cannot be used: ${refusal.message}.`;
      return;
    }
  }
  rememberUser(user);
  location.href = boardLink(board);
});

registerWorker();
showBoards();
