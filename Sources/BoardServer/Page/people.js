// Who is using the page: the name others see (asked once, remembered in this browser; a `user`
// parameter in the address wins), the access token carried along from the address, and the
// colours of people, which the core picks from each name (PeerColor in BoardSync).

const storageKey = 'boardsync.user';

/** The page address's parameters. */
export const parameters = new URLSearchParams(location.search);

/** The access token the address carries (`?token=`), or null. */
export const token = parameters.get('token');

/** `path` with the address's token appended, for links and requests to this server. */
export function withToken(path) {
  if (!token) return path;
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}token=${encodeURIComponent(token)}`;
}

/** The name to use: `?user=` first, then the remembered one; null when neither is there. */
export function chosenUser() {
  const given = parameters.get('user');
  if (given) return given;
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

/** Remembers `name` for the next visit (quietly skipped where storage is unavailable). */
export function rememberUser(name) {
  try {
    localStorage.setItem(storageKey, name);
  } catch {
    // Private modes may refuse storage: the name then lasts for this page only.
  }
}

/** A small element naming a person in their colour. */
export function personBadge(user, color, { you = false } = {}) {
  const badge = document.createElement('li');
  badge.className = 'person';
  badge.dataset.color = color;
  const dot = document.createElement('span');
  dot.className = 'person-dot';
  dot.setAttribute('aria-hidden', 'true');
  const name = document.createElement('span');
  name.className = 'person-name';
  name.textContent = you ? `${user} (you)` : user;
  badge.append(dot, name);
  return badge;
}
