// Loads the BoardSync WebAssembly module (built by `make wasm` from the same Swift sources as
// the server and the terminal client) and drives its sessions with JSON. An ES module with no
// dependencies: a page imports it as it is, node imports it in the tests.
//
//   const core = await loadBoardSync(new URL('boardsync.wasm', import.meta.url));
//   const session = core.openSession({ board: 'demo', user: 'ann' });
//   let step = session.intent({ type: 'connected' });    // step.send: wire texts to send
//   step = session.receive(event.data);                   // a server message as it arrived
//   step = session.intent({ type: 'pickUp', item: 'a1' });
//
// Every call answers a step object (docs/BROWSER.md): `send`, `notices`, `announcements`,
// `reconnect`, `tickAfterMs`, `connectAfterMs`, `stopped`, `status`, `batch`, `plan`, `view` or
// `changes`, `error`.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Instantiates the module from a URL, a fetch Response (or its promise), bytes or a compiled
 * WebAssembly.Module. The module imports nothing. */
export async function loadBoardSync(source) {
  let instance;
  if (source instanceof WebAssembly.Module) {
    instance = await WebAssembly.instantiate(source, {});
  } else if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    ({ instance } = await WebAssembly.instantiate(source, {}));
  } else {
    const response = await (typeof source === 'string' || source instanceof URL ? fetch(source) : source);
    if (!response.ok) throw new Error(`cannot load the BoardSync module: HTTP ${response.status}`);
    ({ instance } = await WebAssembly.instantiateStreaming(response, {}));
  }
  return new BoardSync(instance);
}

/** One instance of the module: opens sessions and reaches the codec of the check build. */
export class BoardSync {
  constructor(instance) {
    this.exports = instance.exports;
    if (typeof this.exports._initialize === 'function') this.exports._initialize();
  }

  /** Opens a session for one board. `params`: `board`, `user`, optional `client`, `seed` (drawn
   * with crypto.getRandomValues when absent) and `limits`; `saved`: the text a session of this
   * board kept (`session.saved()`), to make it again. Throws when the module refuses them. */
  openSession(params, saved = null) {
    const withSeed = { ...params };
    if (withSeed.seed === undefined) withSeed.seed = randomSeed();
    // The kept text is a JSON object already: it goes in as it is, never parsed here.
    const text = saved === null ? JSON.stringify(withSeed) : `{"saved":${saved},${JSON.stringify(withSeed).slice(1)}`;
    const first = this.call(this.exports.bs_open, text);
    if (first.error !== undefined) throw new Error(first.error);
    return new BoardSyncSession(this, first.session, first);
  }

  /** Decodes wire text of one kind ('client', 'server', 'op' or 'board') with the core's codec
   * and encodes it again: `{canonical}` or `{error}`. Only the check module exports this. */
  canonical(kind, text) {
    const code = ['client', 'server', 'op', 'board'].indexOf(kind);
    if (code < 0) throw new Error(`unknown kind ${kind}`);
    if (typeof this.exports.bs_canonical !== 'function') throw new Error('not the check module');
    return this.call(this.exports.bs_canonical, text, code);
  }

  /** Passes `text` as (pointer, length) after the leading integer arguments, reads the answer
   * block (a little-endian u32 length, then UTF-8 JSON) and frees both. */
  call(entry, text, ...leading) {
    const bytes = encoder.encode(text);
    const input = this.exports.bs_alloc(bytes.length);
    new Uint8Array(this.exports.memory.buffer, input, bytes.length).set(bytes);
    let answer;
    try {
      answer = entry(...leading, input, bytes.length);
    } finally {
      this.exports.bs_free(input);
    }
    return JSON.parse(this.answerText(answer));
  }

  /** The text of an answer block (a little-endian u32 length, then UTF-8), which it frees. */
  answerText(answer) {
    // The call may have grown the memory, which detaches earlier views: take a fresh one.
    const memory = new DataView(this.exports.memory.buffer);
    const length = memory.getUint32(answer, true);
    const text = decoder.decode(new Uint8Array(this.exports.memory.buffer, answer + 4, length));
    this.exports.bs_free(answer);
    return text;
  }
}

/** A session: one board as one person sees it. */
export class BoardSyncSession {
  constructor(core, handle, first) {
    this.core = core;
    this.handle = handle;
    /** The answer to opening: the status and the empty view. */
    this.first = first;
  }

  /** A server message, as the WebSocket delivered it (a string). */
  receive(text) {
    return this.core.call(this.core.exports.bs_receive, text, this.handle);
  }

  /** An intent object (docs/BROWSER.md); `now` defaults to performance.now(). */
  intent(intent) {
    const withClock = intent.now === undefined ? { ...intent, now: performance.now() } : intent;
    return this.core.call(this.core.exports.bs_perform, JSON.stringify(withClock), this.handle);
  }

  /** What the session keeps for a reload to lose nothing, as JSON text (a `SavedSession`), or
   * null before its first welcome. Text, so that storing it costs no parse. */
  saved() {
    const text = this.core.answerText(this.core.exports.bs_saved(this.handle));
    return text === 'null' ? null : text;
  }

  /** Forgets the session in the module. */
  close() {
    return this.core.exports.bs_close(this.handle) === 1;
  }
}

/** 53 random bits, the most a JSON number carries exactly. */
function randomSeed() {
  if (!globalThis.crypto?.getRandomValues) throw new Error('no crypto.getRandomValues: pass a seed');
  const words = globalThis.crypto.getRandomValues(new Uint32Array(2));
  return (words[0] & 0x1fffff) * 0x100000000 + words[1];
}
