// Figures of the WebAssembly module: its size linked, after wasm-opt and gzipped, how long a
// clean build took (passed in by `make wasm-bench`), and the time of one call into a session
// of a 1,000-tile board: a remote move arriving, answered with the batch and the whole view, and
// again in a session that answers with the view's changes (as the board page opens it), each
// measured around the loader's call, so JSON.parse of the answer included.
//
//   node wasm/bench/measure.mjs [--compile-seconds S] [--markdown docs/benchmarks.md]
import { readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { loadBuiltBoardSync } from '../js/boardsync-node.js';

const options = { compileSeconds: null, markdown: null };
for (let index = 2; index < process.argv.length; index++) {
  const argument = process.argv[index];
  if (argument === '--compile-seconds') options.compileSeconds = Number(process.argv[++index]);
  else if (argument === '--markdown') options.markdown = process.argv[++index];
  else throw new Error(`usage: measure.mjs [--compile-seconds S] [--markdown FILE]; not ${argument}`);
}

const build = new URL('../../.build/wasm/', import.meta.url);
const linked = (await stat(new URL('boardsync-linked.wasm', build))).size;
const optimised = await readFile(new URL('boardsync.wasm', build));
const gzipped = gzipSync(optimised, { level: 9 }).length;

const sectionCount = 10;
const perSection = 100;
const sections = Array.from({ length: sectionCount }, (_, s) => ({
  id: `s${s}`,
  title: `Section ${s}`,
  items: Array.from({ length: perSection }, (_, i) => ({ id: `i${s}-${i}`, label: `Tile ${s}.${i}` })),
}));
const core = await loadBuiltBoardSync();

/** The quantiles of 2,000 remote moves (milliseconds) into a session answering in the form `views`. */
function remoteMoves(views) {
  const session = core.openSession({ board: 'bench', user: 'ann', client: 'A', seed: 1, views });
  session.intent({ type: 'connected' });
  session.receive(JSON.stringify({
    type: 'welcome', board: { id: 'bench', version: 1, sections },
    you: { client: 'A', user: 'ann', role: 'editor' }, peers: [{ client: 'B', user: 'bob' }], drags: [], lastSeq: 0,
  }));
  // Bob moves the first tile of one section to the end of the next, round and round.
  const rounds = 2000;
  const times = [];
  const positions = sections.map((section) => section.items.map((item) => item.id));
  for (let round = 0; round < rounds; round++) {
    const from = round % sectionCount;
    const to = (from + 1) % sectionCount;
    const item = positions[from].shift();
    const op = { kind: 'move', item, from: { section: `s${from}`, index: 0 },
      to: { section: `s${to}`, index: positions[to].length } };
    positions[to].push(item);
    const message = JSON.stringify({ type: 'op', version: round + 2, client: 'B', user: 'bob', op });
    const start = process.hrtime.bigint();
    const step = session.receive(message);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (step.error || step.batch?.itemMoves.length !== 1) throw new Error(`round ${round}: ${JSON.stringify(step).slice(0, 200)}`);
  }
  session.close();
  times.sort((a, b) => a - b);
  return (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
}
const whole = remoteMoves('whole');
const changes = remoteMoves('changes');

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB (${bytes} bytes)`;
const lines = [
  '## WebAssembly',
  '',
  `Machine: ${os.arch()}, ${os.cpus().length} processors, ${os.cpus()[0]?.model ?? 'unknown'}, node ${process.version}, ` +
    `load average ${os.loadavg()[0].toFixed(1)} when measured. ` +
    'Command: `make wasm-bench` (a clean `make wasm`, timed, then `node wasm/bench/measure.mjs`).',
  '',
  'The page\'s module `.build/wasm/boardsync.wasm`: BoardSync and BoardSyncBrowser as Embedded Swift ' +
    '(wasm32, `-Osize`, LLVM LTO), wasi-libc, no imports; target < 400 KB (400,000 bytes) after wasm-opt. A call is ' +
    `one remote move into a session of ${sectionCount * perSection} tiles in ${sectionCount} sections, ` +
    'answered with the batch and the whole view, or with the view\'s changes as the board page asks for them, ' +
    'timed in node around the loader\'s call (JSON.parse included).',
  '',
  '| figure | value |',
  '|---|---:|',
  `| linked (wasm-ld) | ${kib(linked)} |`,
  `| after \`wasm-opt -Oz\` | ${kib(optimised.length)} |`,
  `| gzipped (level 9) | ${kib(gzipped)} |`,
  ...(options.compileSeconds === null ? [] : [`| clean build of both modules | ${options.compileSeconds.toFixed(0)} s |`]),
  `| remote move, whole view, median | ${whole(0.5).toFixed(3)} ms |`,
  `| remote move, whole view, p99 | ${whole(0.99).toFixed(3)} ms |`,
  `| remote move, view changes, median | ${changes(0.5).toFixed(3)} ms |`,
  `| remote move, view changes, p99 | ${changes(0.99).toFixed(3)} ms |`,
  '',
];
const section = lines.join('\n');
process.stdout.write(`${section}\n`);

if (options.markdown) {
  let document = '';
  try {
    document = await readFile(options.markdown, 'utf8');
  } catch {
    document = '# Benchmarks\n';
  }
  const start = document.indexOf('\n## WebAssembly\n');
  if (start < 0) {
    document = `${document.trimEnd()}\n\n${section}`;
  } else {
    const next = document.indexOf('\n## ', start + 1);
    document = document.slice(0, start + 1) + section + (next < 0 ? '' : document.slice(next));
  }
  await writeFile(options.markdown, document);
}
