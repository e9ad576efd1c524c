// Bad input never traps the module or leaks its memory: random bytes, broken JSON and mutated
// fixtures are answered with an error (or a valid step), and the session keeps working.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import test from 'node:test';
import { loadBuiltBoardSync } from '../js/boardsync-node.js';

const fixtures = new URL('../../Tests/BoardSyncTests/Fixtures/', import.meta.url);

/** A small seeded generator (xorshift32), so a failure can be replayed. */
function generator(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x100000000;
  };
}

function mutate(text, random) {
  const characters = [...text];
  const edits = 1 + Math.floor(random() * 4);
  for (let edit = 0; edit < edits; edit++) {
    const at = Math.floor(random() * (characters.length + 1));
    const choice = random();
    if (choice < 0.4) characters.splice(at, 1);
    else if (choice < 0.8) characters.splice(at, 0, '{}[]":,0-9aé\\\u0000'.charAt(Math.floor(random() * 15)));
    else characters.splice(at, characters.length);
  }
  return characters.join('');
}

test('random and mutated input is answered, never trapped, and memory stays bounded', async () => {
  const seed = Number(process.env.BOARD_SYNC_SEED ?? 20261201);
  const random = generator(seed);
  const core = await loadBuiltBoardSync();
  const session = core.openSession({ board: 'team', user: 'ann', client: 'A', seed: 1 });
  session.intent({ type: 'connected' });
  const welcome = await readFile(new URL('server/welcome-board.json', fixtures), 'utf8');
  const samples = [
    welcome,
    await readFile(new URL('server/op.json', fixtures), 'utf8'),
    await readFile(new URL('server/drag-over.json', fixtures), 'utf8'),
    '{"type":"moveTo","section":"todo","index":1,"now":5}',
    '{"type":"insert","label":"x","section":"todo","index":0}',
  ];
  const startBytes = core.exports.memory.buffer.byteLength;
  for (let round = 0; round < 3000; round++) {
    const sample = samples[Math.floor(random() * samples.length)];
    const input = random() < 0.2
      ? String.fromCharCode(...Array.from({ length: Math.floor(random() * 40) }, () => Math.floor(random() * 256)))
      : mutate(sample, random);
    const entry = random() < 0.5 ? core.exports.bs_receive : core.exports.bs_perform;
    const answer = core.call(entry, input, session.handle);
    assert.equal(typeof answer, 'object', `seed ${seed} round ${round}`);
    assert.ok(answer.error !== undefined || answer.status !== undefined, `seed ${seed} round ${round}`);
  }
  const grown = core.exports.memory.buffer.byteLength - startBytes;
  assert.ok(grown <= 1 << 20, `memory grew by ${grown} bytes over 3000 calls (seed ${seed})`);
  const after = session.receive(welcome);
  assert.equal(after.error, undefined);
  assert.equal(after.status.phase, 'live');
});

test('an unknown session handle is an error, not a trap', async () => {
  const core = await loadBuiltBoardSync();
  assert.deepEqual(core.call(core.exports.bs_perform, '{"type":"state"}', 99), { error: 'no open session 99' });
  assert.equal(core.exports.bs_close(99), 0);
});
