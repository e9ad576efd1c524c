// What the page tells a person apart from the board, in the notices region (a landmark of its
// own): toasts that go after a while, notices that stay until dealt with (text someone else's
// delete left without a tile, with a way to add it), and the warning that this browser keeps no
// copy of unsent edits. The words are the core's; this file only shows them.

const toastMs = 6000;
const shownToasts = 3;

export class Notices {
  /** `list`: the region's list of notices. */
  constructor(list) {
    this.list = list;
  }

  /** A notice that goes after a while; `tone` is `info` or `warning`. */
  toast(text, tone) {
    const item = document.createElement('li');
    item.className = `toast ${tone}`;
    item.textContent = text;
    this.list.append(item);
    const toasts = this.list.querySelectorAll(':scope > .toast');
    for (let index = 0; index < toasts.length - shownToasts; index += 1) toasts[index].remove();
    setTimeout(() => item.remove(), toastMs);
  }

  /** A notice that stays until one of its `actions` (`{label, run}`) is chosen or it is
   * dismissed: `words` and the kept `text` in quotes. Answers the notice's element. */
  keep(words, text, actions) {
    const item = document.createElement('li');
    item.className = 'kept-text';
    const said = document.createElement('p');
    said.textContent = words;
    const quoted = document.createElement('q');
    quoted.className = 'kept-text-value';
    quoted.dir = 'auto';
    quoted.textContent = text;
    const buttons = document.createElement('div');
    buttons.className = 'kept-text-actions';
    const close = () => item.remove();
    for (const { label, run } of [...actions, { label: 'Dismiss', run: () => {} }]) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = label;
      button.addEventListener('click', () => {
        close();
        run();
      });
      buttons.append(button);
    }
    item.append(said, quoted, buttons);
    this.list.append(item);
    return item;
  }

  /** Shows (or, with null, hides) the warning that unsent edits are lost on leaving. */
  warnNoStorage(text) {
    let banner = this.list.querySelector(':scope > .storage-warning');
    if (text === null) {
      banner?.remove();
      return;
    }
    if (!banner) {
      banner = document.createElement('li');
      banner.className = 'storage-warning';
      this.list.prepend(banner);
    }
    if (banner.textContent !== text) banner.textContent = text;
  }
}
