// The pages' service worker: keeps the files a page needs (HTML, CSS, modules, the WebAssembly
// module) in one cache per version, so that a board page opens while its server cannot be
// reached. The server lists the files and names their version (/assets/files.json, a hash of
// their entity tags); on every page load that reaches the server the worker compares that
// version with the one it keeps and, when a new server brought other files, fetches the whole
// new set before the page loads, so a page never mixes files of two versions. Only this
// origin's page files are answered here: the board list, the boards' JSON and the WebSockets go
// to the network as they would without a worker.

const prefix = 'board-sync-files-';
const listPath = '/assets/files.json';
const boardPagePath = '/assets/board.html';

/** The name of the complete cache in use, once known. */
let current = null;
/** The refresh under way, so that loads at once share one. */
let refreshing = null;

self.addEventListener('install', (event) => {
  event.waitUntil(refresh().catch(() => {}).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    if (url.pathname === '/' || url.pathname.startsWith('/b/')) event.respondWith(page(request, url));
    return;
  }
  if (url.pathname.startsWith('/assets/') && url.pathname !== listPath) event.respondWith(file(request, url));
});

/** A page: from the server when it answers (after bringing the kept files up to its version),
 * else the kept copy (the board page is one file for every board). */
async function page(request, url) {
  const reachable = await refresh().then(() => true, () => false);
  if (reachable) {
    try {
      return await fetch(request);
    } catch {
      // The server went away between the two requests: the kept copy follows.
    }
  }
  const kept = await keptFile(url.pathname === '/' ? '/' : boardPagePath);
  return kept ?? fetch(request);
}

/** A page file: the kept copy of the version in use, else the network. */
async function file(request, url) {
  return (await keptFile(url.pathname)) ?? fetch(request);
}

async function keptFile(path) {
  const name = await currentCache();
  if (name === null) return null;
  return (await (await caches.open(name)).match(path)) ?? null;
}

/** The complete cache in use: the newest one holding the file list, which is put in last. */
async function currentCache() {
  if (current !== null) return current;
  const names = (await caches.keys()).filter((name) => name.startsWith(prefix)).reverse();
  for (const name of names) {
    if (await (await caches.open(name)).match(listPath)) {
      current = name;
      break;
    }
  }
  return current;
}

/** Brings the kept files to the server's version; rejects when the server cannot be reached. */
function refresh() {
  refreshing ??= download().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function download() {
  const response = await fetch(listPath, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${listPath}: HTTP ${response.status}`);
  const list = await response.clone().json();
  const name = prefix + list.version;
  if (name === (await currentCache())) return;
  const cache = await caches.open(name);
  await cache.addAll(list.files.map((path) => new Request(path, { cache: 'no-cache' })));
  await cache.put(listPath, response);
  current = name;
  for (const old of await caches.keys()) {
    if (old.startsWith(prefix) && old !== name) await caches.delete(old);
  }
}
