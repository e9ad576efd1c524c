// Who is using the page: the name others see (asked once, remembered in this browser; a `user`
// parameter in the address wins), the access token taken from the address and kept for the tab,
// and the colours of people, which the core picks from each name (PeerColor in BoardSync).

const storageKey = 'boardsync.user';
const tokenKey = 'boardsync.token';

/** The page address's parameters. */
export const parameters = new URLSearchParams(location.search);

/**
 * The access token: one in the address (`?token=`) is kept in this tab's sessionStorage and
 * taken out of the address bar and its history entry, so that it is neither shown, bookmarked
 * nor shared with a copied link; without one, the token this tab kept earlier, or null.
 */
function takeToken() {
  const given = parameters.get('token');
  if (given) {
    try {
      sessionStorage.setItem(tokenKey, given);
    } catch {
      // Storage refused (a private window's quota, a blocked third-party frame): the token
      // still serves this page load.
    }
    parameters.delete('token');
    const query = parameters.toString();
    history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
    return given;
  }
  try {
    return sessionStorage.getItem(tokenKey);
  } catch {
    return null;
  }
}

export const token = takeToken();

/** `path` with the token appended, for requests to this server (never for links people see). */
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
