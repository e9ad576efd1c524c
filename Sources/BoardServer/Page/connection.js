// The page's WebSocket to its board: opens it with the protocol's subprotocol and the token and
// hands every event to the page. When to connect, whether a close is final and what to say about
// it are the core session's answers; this file only does what they ask. A browser does not tell
// why a WebSocket never opened, so then it asks the server over plain HTTP and reports the status.

import { token, withToken } from './people.js';

export class Connection {
  /** `board`: the board name; `events`: { opened(), message(text), closed(code, reason), refused(status) }. */
  constructor(board, events) {
    this.board = board;
    this.events = events;
    this.socket = null;
    this.timer = null;
    this.stopped = false;
    /** Counts the sockets opened, so that messages held for one are never sent on the next. */
    this.generation = 0;
  }

  get url() {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const query = token ? `?token=${encodeURIComponent(token)}` : '';
    return `${scheme}//${location.host}/boards/${encodeURIComponent(this.board)}${query}`;
  }

  /** Opens a socket after `milliseconds` (0: now), replacing one that was due. */
  openAfter(milliseconds) {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = milliseconds > 0 ? setTimeout(() => this.open(), milliseconds) : null;
    if (milliseconds <= 0) this.open();
  }

  open() {
    this.timer = null;
    this.socket?.close(1000);
    this.generation += 1;
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
      this.events.closed(event.code === 1005 || event.code === 1006 ? null : event.code, event.reason);
      if (!opened) this.explainFailure();
    });
  }

  /** Sends one text message when the socket is open; false when it is not. */
  send(text) {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(text);
    return true;
  }

  /** Drops the socket without reporting it: the session already knows (it lost track of the
   * server) and asks for a new one. */
  drop() {
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'resynchronising');
  }

  /** Closes for good. */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.drop();
  }

  get isOpen() {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Asks the board's snapshot URL, under the same token rules, what a socket that never opened
   * could not say, and reports a refusal's status. */
  async explainFailure() {
    let status;
    try {
      const response = await fetch(withToken(`/boards/${encodeURIComponent(this.board)}`), { cache: 'no-store' });
      status = response.status;
    } catch {
      return;
    }
    if (!this.stopped && status >= 400 && status !== 404) this.events.refused(status);
  }
}
