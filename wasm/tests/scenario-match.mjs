// How a scenario step's `expect` is compared with an answer: the rules of the Swift tests'
// ScenarioMatch (Tests/BoardSyncBrowserTests/ScenarioMatch.swift), for the same scenario files.
// - an object matches when every key it lists matches; an expected null also matches absence;
// - an array matches an array of the same length, element by element;
// - an object or array expected where the answer holds a string matches when its compact JSON
//   is that string (the wire messages in `send`);
// - anything else must be equal.
export function mismatch(expected, actual, path) {
  if (expected === null) {
    return actual === null || actual === undefined ? null : `${path}: ${JSON.stringify(actual)}, expected null`;
  }
  if (typeof expected === 'object' && typeof actual === 'string') {
    const wanted = JSON.stringify(expected);
    return wanted === actual ? null : `${path}: ${actual}, expected ${wanted}`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: ${JSON.stringify(actual)}, expected an array`;
    if (actual.length !== expected.length) return `${path}: ${actual.length} elements, expected ${expected.length}`;
    for (let index = 0; index < expected.length; index++) {
      const problem = mismatch(expected[index], actual[index], `${path}[${index}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      return `${path}: ${JSON.stringify(actual)}, expected an object`;
    }
    for (const [key, value] of Object.entries(expected)) {
      const problem = mismatch(value, actual[key], `${path}.${key}`);
      if (problem) return problem;
    }
    return null;
  }
  if (actual === undefined) return `${path}: absent, expected ${JSON.stringify(expected)}`;
  return expected === actual ? null : `${path}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`;
}
