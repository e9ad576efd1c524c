// The bridge's scenarios (Tests/BoardSyncBrowserTests/Scenarios, also run by the Swift tests)
// through the page's WebAssembly module: every answer must match what the step expects, and a
// session answering with view changes (what the page opens) must show, step by step, the view a
// session answering with whole views shows.
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

/** The view after `changes`, as the page makes it: `order`, each section from `changes` or the
 * previous view. */
function patched(previous, changes) {
  const changed = new Map(changes.sections.map((section) => [section.id, section]));
  const shown = new Map(previous.sections.map((section) => [section.id, section]));
  return { sections: changes.order.map((id) => changed.get(id) ?? shown.get(id)) };
}

/** Runs `name` in two sessions per person, one answering whole views and one changes; answers
 * the problems found and how many batches came as changes. */
async function runBothForms(name) {
  const file = JSON.parse(await readFile(new URL(name, directory), 'utf8'));
  const whole = await loadBuiltBoardSync();
  const changes = await loadBuiltBoardSync();
  const handles = new Map();
  const views = new Map();
  const problems = [];
  let batches = 0;
  file.steps.forEach((step, index) => {
    const label = `${name.replace(/\.json$/, '')} step ${index + 1}`;
    let answers;
    if (step.open !== undefined) {
      const withChanges = typeof step.open === 'object' ? { ...step.open, views: 'changes' } : step.open;
      answers = [whole.call(whole.exports.bs_open, text(step.open)), changes.call(changes.exports.bs_open, text(withChanges))];
      if (answers[0].session !== undefined) handles.set(step.session, [answers[0].session, answers[1].session]);
    } else if (step.intent !== undefined || step.receive !== undefined) {
      const [a, b] = handles.get(step.session);
      const entry = step.intent !== undefined ? 'bs_perform' : 'bs_receive';
      const input = text(step.intent ?? step.receive);
      answers = [whole.call(whole.exports[entry], input, a), changes.call(changes.exports[entry], input, b)];
    } else {
      return;
    }
    const [full, partial] = answers;
    const { view: fullView, ...fullRest } = full;
    const { view: partialView, changes: partialChanges, ...partialRest } = partial;
    if (JSON.stringify(fullRest) !== JSON.stringify(partialRest)) problems.push(`${label}: the answers differ beyond the view`);
    if (partialView !== undefined) {
      views.set(step.session, partialView);
    } else if (partialChanges !== undefined) {
      batches += 1;
      const view = patched(views.get(step.session) ?? { sections: [] }, partialChanges);
      views.set(step.session, view);
      if (JSON.stringify(view) !== JSON.stringify(fullView)) problems.push(`${label}: the changes do not give the whole view`);
    }
  });
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
