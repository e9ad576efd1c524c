// The page's WebSocket to its board: opens it with the protocol's subprotocol and the token,
// hands every message to the page, and reconnects after the delay the core's backoff chose.
// When a connection fails, it asks the server over plain HTTP why, so that a refused token is
// told apart from a server that is down.

import { token, withToken } from './people.js';

/** Close codes after which trying again cannot help. */
const finalCloseCodes = new Map([
  [4401, 'Your access to this board was withdrawn (the token no longer grants it).'],
  [4409, 'This board was opened again elsewhere with the same connection; this page stopped.'],
]);

export class Connection {
  /** `board`: the board name; `events`: { opened(), message(text), closed(), refused(text) }. */
  constructor(board, events) {
    this.board = board;
    this.events = events;
    this.socket = null;
    this.timer = null;
    this.stopped = false;
  }

  get url() {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const query = token ? `?token=${encodeURIComponent(token)}` : '';
    return `${scheme}//${location.host}/boards/${encodeURIComponent(this.board)}${query}`;
  }

  /** Opens the socket now (cancelling a scheduled attempt). */
  open() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = null;
    const socket = new WebSocket(this.url, 'boardsync.v1');
    let opened = false;
    this.socket = socket;
    socket.addEventListener('open', () => {
      opened = true;
      this.events.opened();
    });
    socket.addEventListener('message', (event) => {
      if (this.socket === socket && typeof event.data === 'string') this.events.message(event.data);
    });
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      const final = finalCloseCodes.get(event.code);
      if (final) {
        this.stop();
        this.events.refused(final);
        return;
      }
      this.events.closed();
      if (!opened) this.explainFailure();
    });
  }

  /** Sends one text message when the socket is open; false when it is not. */
  send(text) {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(text);
    return true;
  }

  /** Tries again after `milliseconds` (what the core's backoff said). */
  reconnectAfter(milliseconds) {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.open(), milliseconds);
  }

  /** Drops the socket (the core lost track of the server); `closed` follows as for any close. */
  restart() {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    socket.close(1000, 'resynchronising');
    this.events.closed();
  }

  /** Closes for good. */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
  }

  get isOpen() {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** A WebSocket that never opened tells nothing of why; the board's snapshot URL, under the
   * same token rules, does: 401 and 403 are refusals for good, anything else is worth retrying. */
  async explainFailure() {
    let status;
    try {
      const response = await fetch(withToken(`/boards/${encodeURIComponent(this.board)}`), { cache: 'no-store' });
      status = response.status;
    } catch {
      return;
    }
    if (status === 401) {
      this.stop();
      this.events.refused(token
        ? 'The access token in this link is not valid on this server. Ask for a new link.'
        : 'This board needs an access token. Open the link with ?token=… that you were given.');
    } else if (status === 403) {
      this.stop();
      this.events.refused('The access token in this link does not open this board.');
    }
  }
}
