// The bridge's scenarios (Tests/BoardSyncBrowserTests/Scenarios, also run by the Swift tests)
// through the page's WebAssembly module: every answer must match what the step expects.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import test from 'node:test';
import { loadBuiltBoardSync } from '../js/boardsync-node.js';
import { mismatch } from './scenario-match.mjs';

const directory = new URL('../../Tests/BoardSyncBrowserTests/Scenarios/', import.meta.url);
const names = (await readdir(directory)).filter((name) => name.endsWith('.json')).sort();

/** A string is sent as it is (text that is not JSON); anything else as compact JSON. */
function text(value) {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

async function run(name) {
  const file = JSON.parse(await readFile(new URL(name, directory), 'utf8'));
  const core = await loadBuiltBoardSync();
  const handles = new Map();
  const problems = [];
  file.steps.forEach((step, index) => {
    const label = `${name.replace(/\.json$/, '')} step ${index + 1}`;
    let answer;
    if (step.open !== undefined) {
      answer = core.call(core.exports.bs_open, text(step.open));
      if (answer.session !== undefined) handles.set(step.session, answer.session);
    } else if (step.intent !== undefined) {
      answer = core.call(core.exports.bs_perform, text(step.intent), handles.get(step.session));
    } else if (step.receive !== undefined) {
      answer = core.call(core.exports.bs_receive, text(step.receive), handles.get(step.session));
    } else if (step.close !== undefined) {
      answer = { closed: core.exports.bs_close(handles.get(step.session)) === 1 };
    } else {
      throw new Error(`${label}: no open, intent, receive or close`);
    }
    if (step.expect !== undefined) {
      const problem = mismatch(step.expect, answer, label);
      if (problem) problems.push(problem);
    }
  });
  return problems;
}

test('there are scenarios', () => {
  assert.ok(names.length >= 6, `only ${names.length} scenario files`);
});

for (const name of names) {
  test(`scenario ${name}`, async () => {
    assert.deepEqual(await run(name), []);
  });
}
