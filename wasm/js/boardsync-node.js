// What node needs beside boardsync.js: the module read from the build directory.
import { readFile } from 'node:fs/promises';
import { loadBoardSync } from '../../Sources/BoardServer/Page/boardsync.js';

const buildDirectory = new URL('../../.build/wasm/', import.meta.url);

/** Loads `.build/wasm/<name>` (the page's module by default, or 'boardsync-check.wasm'). */
export async function loadBuiltBoardSync(name = 'boardsync.wasm') {
  return loadBoardSync(await readFile(new URL(name, buildDirectory)));
}
