// The core's golden wire fixtures (Tests/BoardSyncTests/Fixtures, also checked by the Swift
// tests) through the WebAssembly module's codec: each decodes and encodes back to its bytes.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import test from 'node:test';
import { loadBuiltBoardSync } from '../js/boardsync-node.js';

const fixtures = new URL('../../Tests/BoardSyncTests/Fixtures/', import.meta.url);
const kinds = { client: 'client', server: 'server', ops: 'op', board: 'board' };
const core = await loadBuiltBoardSync('boardsync-check.wasm');
const INT32_MAX = 2 ** 31 - 1;

/** The largest integer written in a fixture outside its strings. */
function largestInteger(text) {
  const outsideStrings = text.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  return Math.max(0, ...(outsideStrings.match(/-?\d+/g) ?? []).map(Number));
}

for (const [folder, kind] of Object.entries(kinds)) {
  const names = (await readdir(new URL(`${folder}/`, fixtures))).filter((name) => name.endsWith('.json')).sort();
  test(`${folder} fixtures are there`, () => assert.ok(names.length > 0));
  for (const name of names) {
    test(`${folder}/${name} decodes and encodes to the same bytes`, async () => {
      const text = await readFile(new URL(`${folder}/${name}`, fixtures), 'utf8');
      const answer = core.canonical(kind, text);
      if (largestInteger(text) > INT32_MAX) {
        // Swift's Int has 32 bits on wasm32: the codec refuses what it cannot hold, by name.
        assert.match(answer.error ?? '', /^field "[a-zA-Z.]+" is out of range$/);
      } else {
        assert.deepEqual(answer, { canonical: text });
      }
    });
  }
}

test('a client message without a type is refused with the message of the error fixture', async () => {
  const report = JSON.parse(await readFile(new URL('server/error.json', fixtures), 'utf8'));
  assert.deepEqual(core.canonical('client', '{}'), { error: report.message });
});

test('the page module does not carry the check entry point', async () => {
  const page = await loadBuiltBoardSync();
  assert.equal(typeof page.exports.bs_canonical, 'undefined');
  assert.throws(() => page.canonical('op', '{}'), /not the check module/);
});
