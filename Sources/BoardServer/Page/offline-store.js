// What this browser keeps of a board's sessions, so that a reload, a closed tab or a browser
// restart loses no edit: IndexedDB holds, per board and person, one record per client session
// (the text the core's session gives as `saved()`, its pending count, when it was written), and
// the Web Locks API gives every record one owner: the tab that holds its lock is the only one
// that writes it, opens it or sends its pending edits. A tab takes back the record it had before
// a reload (remembered for the tab in sessionStorage), else a record whose lock is free (the one
// with the most pending edits, else the newest); a second tab of the same board finds the first
// one's record held and makes a record of its own. A tab also waits for the locks of the other
// records of its board; when one comes free and stays free for a few seconds (its tab was closed,
// not reloaded), it sends what the record still holds (`drain` in session-keeper.js) or forgets
// a record with nothing pending. What is kept and when to write it is the core's answer; this
// file only stores it.

const databaseName = 'board-sync';
const storeName = 'sessions';
const channelName = 'board-sync-sessions';
/** How long a record's lock must stay free before another tab takes it: a reloading tab takes
 * its own record back well within it. */
const graceMs = 3000;
/** How long a reloading tab waits for its own record's lock, which another tab may be looking at. */
const ownWaitMs = 1500;

/** Registers the worker that keeps the pages' files for offline use (there is none outside a
 * secure context: loopback or HTTPS); the pages work without it. */
export function registerWorker() {
  navigator.serviceWorker?.register('/service-worker.js').catch((error) => {
    console.warn(`board-sync: the page's files are not kept for offline use: ${error.message}`);
  });
}

/** Why a browser keeps nothing here (no IndexedDB, no Web Locks, storage refused). */
export class StorageUnavailable extends Error {}

export class OfflineStore {
  /** Opens the database; throws StorageUnavailable when the browser keeps nothing. */
  static async open() {
    if (!globalThis.indexedDB || !navigator.locks) {
      throw new StorageUnavailable('this browser offers no IndexedDB or Web Locks here');
    }
    let database;
    try {
      database = await requested(indexedDB.open(databaseName, 1), (request) => {
        request.onupgradeneeded = () => request.result.createObjectStore(storeName, { keyPath: 'key' });
      });
    } catch (error) {
      throw new StorageUnavailable(`IndexedDB refused to open: ${error?.message ?? error}`);
    }
    return new OfflineStore(database);
  }

  constructor(database) {
    this.database = database;
    this.channel = 'BroadcastChannel' in globalThis ? new BroadcastChannel(channelName) : null;
  }

  /** The records of `board` for `user`, the most pending first, then the newest. */
  async records(board, user) {
    const prefix = recordPrefix(board, user);
    const range = IDBKeyRange.bound(prefix, `${prefix}\uffff`);
    const found = await requested(this.transaction('readonly').getAll(range));
    return found.sort((a, b) => b.pending - a.pending || b.at - a.at);
  }

  async record(key) {
    return (await requested(this.transaction('readonly').get(key))) ?? null;
  }

  /** Writes one record in one transaction; resolves once it is durable. */
  put(record) {
    return completed(this.database.transaction(storeName, 'readwrite'), (store) => {
      store.put(record);
    });
  }

  delete(key) {
    return completed(this.database.transaction(storeName, 'readwrite'), (store) => {
      store.delete(key);
    });
  }

  transaction(mode) {
    return this.database.transaction(storeName, mode).objectStore(storeName);
  }

  /** The record of `board` for `user` this tab opens, with its lock held: the one it had before
   * a reload (`remembered`, its client id), else a free one; null when there is none (make a new
   * session). `others` are the keys of the other records, for `follow`: another tab may hold
   * them, or be about to take its own back after a reload. */
  async claim(board, user, remembered) {
    const records = await this.records(board, user);
    const before = records.find((record) => record.client === remembered) ?? null;
    let own = null;
    if (before !== null) {
      const lock = await waitLock(before.key, ownWaitMs);
      if (lock !== null) own = { record: before, lock };
    } else {
      for (const record of records) {
        const lock = await tryLock(record.key);
        if (lock === null) continue;
        own = { record, lock };
        break;
      }
    }
    const others = records.filter((record) => record !== own?.record).map((record) => record.key);
    return { own, others };
  }

  /** Takes the lock of a new record (its key names a new client id, so nobody holds it). */
  async adopt(key) {
    const lock = await tryLock(key);
    if (lock === null) throw new StorageUnavailable(`the lock of ${key} is held`);
    return lock;
  }

  /** Tells the other tabs of this origin that a record is held, so that they wait for it. */
  announce(board, user, key) {
    this.channel?.postMessage({ board, user, key });
  }

  /** Calls `taken(key, lock)` whenever the lock of a record of `board` for `user` that another
   * tab held comes free, stays free for `graceMs` (a reloading tab takes it back before) and this
   * tab takes it: for those in `keys`, and for those other tabs announce from now on. */
  follow(board, user, keys, taken) {
    const waiting = new Set();
    const wait = (key) => {
      if (waiting.has(key)) return;
      waiting.add(key);
      waitLock(key).then((freed) => {
        freed.release();
        setTimeout(async () => {
          const lock = await tryLock(key);
          waiting.delete(key);
          if (lock === null) wait(key);
          else taken(key, lock);
        }, graceMs);
      });
    };
    for (const key of keys) wait(key);
    this.channel?.addEventListener('message', (event) => {
      const { board: other, user: person, key } = event.data ?? {};
      if (other === board && person === user && typeof key === 'string') wait(key);
    });
  }
}

/** Writes one session's record, the latest state first: a state kept while a write is under
 * way waits for the next transaction, which holds it (and any later one). */
export class RecordWriter {
  /** `fields`: the record's fixed fields (key, board, user, client). */
  constructor(store, fields) {
    this.store = store;
    this.fields = fields;
    this.latest = null;
    this.waiters = [];
    this.writing = false;
  }

  /** Whether a state is not durable yet. */
  get busy() {
    return this.writing || this.latest !== null;
  }

  /** Keeps `saved` (the session's text) with its pending count; resolves once it is durable. */
  keep(saved, pending) {
    this.latest = { saved, pending };
    const done = new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.pump();
    return done;
  }

  pump() {
    if (this.writing || this.latest === null) return;
    const { saved, pending } = this.latest;
    const waiters = this.waiters;
    this.latest = null;
    this.waiters = [];
    this.writing = true;
    this.store.put({ ...this.fields, saved, pending, at: Date.now() }).then(
      () => waiters.forEach((waiter) => waiter.resolve()),
      (error) => waiters.forEach((waiter) => waiter.reject(error)),
    ).finally(() => {
      this.writing = false;
      this.pump();
    });
  }
}

/** The key of a record: board, user and client id, each unambiguous (board names and client ids
 * have no NUL; user names have no control characters). */
export function recordKey(board, user, client) {
  return `${recordPrefix(board, user)}${client}`;
}

function recordPrefix(board, user) {
  return `${board}\u0000${user}\u0000`;
}

/** The lock of `key` when it is free now, else null. A held lock is released with `release()`. */
function tryLock(key) {
  return new Promise((resolve) => {
    navigator.locks.request(lockName(key), { ifAvailable: true }, (lock) => {
      if (lock === null) {
        resolve(null);
        return undefined;
      }
      return new Promise((release) => resolve({ release }));
    }).catch(() => resolve(null));
  });
}

/** The lock of `key` as soon as it is free; with `timeout` (milliseconds), null when it is not
 * free by then. */
function waitLock(key, timeout = null) {
  return new Promise((resolve) => {
    const options = timeout === null ? {} : { signal: AbortSignal.timeout(timeout) };
    navigator.locks.request(lockName(key), options, () => new Promise((release) => resolve({ release })))
      .catch(() => resolve(null));
  });
}

function lockName(key) {
  return `board-sync:${key}`;
}

/** An IDBRequest as a promise; `setUp(request)` runs before it can complete. */
function requested(request, setUp = () => {}) {
  return new Promise((resolve, reject) => {
    setUp(request);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('another page holds an older version of the database'));
  });
}

/** Runs `body(store)` in `transaction`; resolves when it commits, rejects when it fails. */
function completed(transaction, body) {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('the write was aborted'));
    body(transaction.objectStore(storeName));
  });
}
