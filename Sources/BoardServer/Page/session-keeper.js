// Keeps a board's session in this browser so that nothing typed is lost to a reload, a closed
// tab or a browser restart: the page's session is made again from what its tab kept last time
// (the core's `saved()` text, in IndexedDB through offline-store.js), every step's messages go
// out only once what the core asked to keep before sending is durable, and sessions other tabs
// left with pending edits are sent from here, each under its own client id and seqs, so the
// server's duplicate detection never commits an edit twice. What to keep and when is the core's
// answer (`saveAfterMs`); this file carries it out.

import { Connection } from './connection.js';
import { OfflineStore, RecordWriter, recordKey } from './offline-store.js';

/** One session and what it keeps: its writes, and its messages held back until the write they
 * wait for is durable. Without a writer (no storage) messages go out at once. */
export class KeptSession {
  /** `failed(error)` is told once when a write fails; the session then keeps nothing more. */
  constructor(session, writer, connection, failed = () => {}) {
    this.session = session;
    this.writer = writer;
    this.connection = connection;
    this.failed = failed;
    this.pending = session.first.status.pending;
    this.waiting = [];
    this.laterTimer = 0;
  }

  /** Whether leaving now would lose edits: some are not acknowledged and their latest state is
   * not durable here (nothing is kept, or a write is under way). */
  get atRisk() {
    return this.pending > 0 && (this.writer === null || this.writer.busy);
  }

  /** Carries out a step's keeping and sending, before anything else of the step: writes what it
   * asks to keep (at once, or within `saveAfterMs`), then sends its messages, after that write
   * when it asks for one before sending. */
  carry(step) {
    this.pending = step.status.pending;
    let written = null;
    if (step.saveAfterMs === 0) {
      clearTimeout(this.laterTimer);
      this.laterTimer = 0;
      written = this.keep();
    } else if (step.saveAfterMs !== undefined && this.laterTimer === 0 && this.writer !== null) {
      this.laterTimer = setTimeout(() => {
        this.laterTimer = 0;
        this.keep();
      }, step.saveAfterMs);
    }
    this.send(step.send, written);
  }

  /** Writes the session's state now; answers the write, or null when nothing is kept. */
  keep() {
    if (this.writer === null) return null;
    const saved = this.session.saved();
    if (saved === null) return null;
    return this.writer.keep(saved, this.pending).catch((error) => {
      this.writer = null;
      this.failed(error);
    });
  }

  /** Writes a state that waits for its timer now (the page is being left). */
  keepWaiting() {
    if (this.laterTimer === 0) return;
    clearTimeout(this.laterTimer);
    this.laterTimer = 0;
    this.keep();
  }

  /** Sends `texts` now, or after `written` and everything held before; messages held for a
   * connection that has closed since are dropped (the session sends again what matters). */
  send(texts, written) {
    if (texts.length === 0) return;
    if (written === null && this.waiting.length === 0) {
      for (const text of texts) this.connection.send(text);
      return;
    }
    const entry = { texts, connection: this.connection.generation, ready: written === null };
    this.waiting.push(entry);
    written?.then(() => {
      entry.ready = true;
      this.release();
    });
  }

  release() {
    while (this.waiting.length > 0 && this.waiting[0].ready) {
      const { texts, connection } = this.waiting.shift();
      if (connection !== this.connection.generation) continue;
      for (const text of texts) this.connection.send(text);
    }
  }
}

/** Opens a board's session for the page, made again from what this browser kept when there is
 * something, and sends what other tabs left behind. `params`: the session parameters. Answers
 * `{session, writer, problem, restoreProblem}`: `writer` null and `problem` (why) when the
 * browser keeps nothing; `restoreProblem` when kept edits could not be read (they stay kept). */
export async function openKeptSession(core, params) {
  let store;
  try {
    store = await OfflineStore.open();
  } catch (error) {
    return { session: core.openSession(params), writer: null, problem: error.message, restoreProblem: null };
  }
  try {
    const remembered = rememberedClient(params.board, params.user);
    const { own, others } = await store.claim(params.board, params.user, remembered);
    let session = null;
    let restoreProblem = null;
    let lock = null;
    if (own !== null) {
      try {
        session = core.openSession(params, own.record.saved);
        lock = own.lock;
      } catch (error) {
        restoreProblem = error.message;
        own.lock.release();
      }
    }
    session ??= core.openSession(params);
    const client = session.first.status.client;
    const key = recordKey(params.board, params.user, client);
    lock ??= await store.adopt(key);
    remember(params.board, params.user, client);
    store.announce(params.board, params.user, key);
    const writer = new RecordWriter(store, { key, board: params.board, user: params.user, client });
    store.follow(params.board, params.user, others, async (other, taken) => {
      const record = await store.record(other);
      if (record !== null && record.pending > 0) {
        drain(core, store, params, record, taken);
      } else {
        if (record !== null) await store.delete(other);
        taken.release();
      }
    });
    return { session, writer, problem: null, restoreProblem };
  } catch (error) {
    return { session: core.openSession(params), writer: null, problem: error.message, restoreProblem: null };
  }
}

/** The client id this tab had on `board` as `user` before a reload (sessionStorage lasts as long
 * as the tab), or null. */
function rememberedClient(board, user) {
  try {
    return sessionStorage.getItem(`board-sync:${board}:${user}`);
  } catch {
    return null;
  }
}

function remember(board, user, client) {
  try {
    sessionStorage.setItem(`board-sync:${board}:${user}`, client);
  } catch {
    // Without sessionStorage a reloaded tab takes any free record: nothing is lost either way.
  }
}

/** Sends the pending edits of a session another tab kept and left (its lock is held here): the
 * session is made again under its own client id, connects, submits under its seqs, and once
 * nothing is pending its record is forgotten. Nothing of it is shown; the page sees its edits
 * arrive like anyone's. */
function drain(core, store, params, record, lock) {
  let session;
  try {
    session = core.openSession({ ...params, views: 'whole' }, record.saved);
  } catch {
    lock.release();
    return;
  }
  const writer = new RecordWriter(store, { key: record.key, board: record.board, user: record.user, client: record.client });
  let tickTimer = 0;
  let done = false;
  const finish = async (forget) => {
    if (done) return;
    done = true;
    clearTimeout(tickTimer);
    connection.stop();
    session.close();
    if (forget) await store.delete(record.key).catch(() => {});
    lock.release();
  };
  const apply = (step) => {
    if (done) return;
    if (step.reconnect) connection.drop();
    kept.carry(step);
    if (step.tickAfterMs !== undefined) {
      clearTimeout(tickTimer);
      tickTimer = setTimeout(() => apply(session.intent({ type: 'tick' })), step.tickAfterMs);
    }
    if (step.stopped !== undefined) finish(false);
    else if (step.status.phase === 'live' && step.status.pending === 0) finish(true);
    else if (step.connectAfterMs !== undefined) connection.openAfter(step.connectAfterMs);
  };
  const connection = new Connection(params.board, {
    opened: () => apply(session.intent({ type: 'connected' })),
    message: (text) => apply(session.receive(text)),
    closed: (code, reason) =>
      apply(session.intent(code === null ? { type: 'disconnected' } : { type: 'disconnected', code, reason })),
    refused: (status) => apply(session.intent({ type: 'refused', status })),
  });
  const kept = new KeptSession(session, writer, connection);
  apply(session.intent({ type: 'start' }));
}
