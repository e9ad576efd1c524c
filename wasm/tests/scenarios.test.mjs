// The bridge's scenarios (Tests/BoardSyncBrowserTests/Scenarios, also run by the Swift tests)
// through the page's WebAssembly module: every answer must match what the step expects, and a
// session answering with view changes (what the page opens) must show, step by step, the view a
// session answering with whole views shows.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import test from 'node:test';
import { loadBuiltBoardSync } from '../js/boardsync-node.js';
import { patchedView } from '../../Sources/BoardServer/Page/board-view.js';
import { mismatch } from './scenario-match.mjs';

const directory = new URL('../../Tests/BoardSyncBrowserTests/Scenarios/', import.meta.url);
const names = (await readdir(directory)).filter((name) => name.endsWith('.json')).sort();

/** A string is sent as it is (text that is not JSON); anything else as compact JSON. */
function text(value) {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The module's answer to one step; `open` stands in for the step's session parameters. */
function answerTo(core, step, handle, label, open = step.open) {
  if (step.open !== undefined) return core.call(core.exports.bs_open, text(open));
  if (step.intent !== undefined) return core.call(core.exports.bs_perform, text(step.intent), handle);
  if (step.receive !== undefined) return core.call(core.exports.bs_receive, text(step.receive), handle);
  if (step.saved !== undefined) return JSON.parse(core.answerText(core.exports.bs_saved(handle)));
  if (step.close !== undefined) return { closed: core.exports.bs_close(handle) === 1 };
  throw new Error(`${label}: no open, intent, receive, saved or close`);
}

async function steps(name) {
  const file = JSON.parse(await readFile(new URL(name, directory), 'utf8'));
  return file.steps.map((step, index) => ({ step, label: `${name.replace(/\.json$/, '')} step ${index + 1}` }));
}

async function run(name) {
  const core = await loadBuiltBoardSync();
  const handles = new Map();
  const problems = [];
  for (const { step, label } of await steps(name)) {
    const answer = answerTo(core, step, handles.get(step.session), label);
    if (answer.session !== undefined) handles.set(step.session, answer.session);
    if (step.expect !== undefined) {
      const problem = mismatch(step.expect, answer, label);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}

/** Runs `name` in two sessions per person, one answering whole views and one changes, the
 * second's views made as the page makes them (`patchedView`); answers the problems found and
 * how many batches came as changes. */
async function runBothForms(name) {
  const forms = [
    { core: await loadBuiltBoardSync(), handles: new Map(), views: undefined },
    { core: await loadBuiltBoardSync(), handles: new Map(), views: 'changes' },
  ];
  const views = new Map();
  const problems = [];
  let batches = 0;
  for (const { step, label } of await steps(name)) {
    const [full, partial] = forms.map(({ core, handles, views: form }) => {
      const open = typeof step.open === 'object' && form ? { ...step.open, views: form } : step.open;
      const answer = answerTo(core, step, handles.get(step.session), label, open);
      if (answer.session !== undefined) handles.set(step.session, answer.session);
      return answer;
    });
    const { view: fullView, ...fullRest } = full;
    const { view: partialView, changes: partialChanges, ...partialRest } = partial;
    if (JSON.stringify(fullRest) !== JSON.stringify(partialRest)) problems.push(`${label}: the answers differ beyond the view`);
    if (partialView !== undefined) {
      views.set(step.session, partialView);
    } else if (partialChanges !== undefined) {
      batches += 1;
      const view = patchedView(views.get(step.session) ?? { sections: [] }, partialChanges);
      views.set(step.session, view);
      if (JSON.stringify(view) !== JSON.stringify(fullView)) problems.push(`${label}: the changes do not give the whole view`);
    }
  }
  return { problems, batches };
}

test('there are scenarios', () => {
  assert.ok(names.length >= 6, `only ${names.length} scenario files`);
});

for (const name of names) {
  test(`scenario ${name}`, async () => {
    assert.deepEqual(await run(name), []);
  });
  test(`scenario ${name} answered with view changes`, async () => {
    const { problems, batches } = await runBothForms(name);
    assert.deepEqual(problems, []);
    assert.ok(batches > 0, `${name} has no batch`);
  });
}
