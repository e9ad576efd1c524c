// The Export menu of the top bar: a button that opens a popover with one download link per
// format of GET /boards/BOARD/export. The links are plain links (Tab and Enter reach and follow
// them); the popover opens under its button, puts the focus on its first link, lets the arrow
// keys go from link to link, and closes on Escape, on a click elsewhere or once a download starts.

import { withToken } from './people.js';

/** Sets up the menu in `root` for board `board`. */
export function setUpExportMenu(root, board) {
  const button = root.querySelector('.export-button');
  const menu = root.querySelector('.export-menu');
  const links = [...menu.querySelectorAll('a[data-format]')];
  for (const link of links) {
    const format = link.dataset.format;
    link.href = withToken(`/boards/${encodeURIComponent(board)}/export?format=${format}`);
    link.download = `${board}.${format}`;
    link.addEventListener('click', () => menu.hidePopover());
  }
  menu.addEventListener('beforetoggle', (event) => {
    if (event.newState !== 'open') return;
    const place = button.getBoundingClientRect();
    menu.style.top = `${place.bottom + 6}px`;
    menu.style.right = `${Math.max(8, document.documentElement.clientWidth - place.right)}px`;
  });
  menu.addEventListener('toggle', (event) => {
    button.setAttribute('aria-expanded', String(event.newState === 'open'));
    if (event.newState === 'open') links[0].focus();
  });
  menu.addEventListener('keydown', (event) => {
    const at = links.indexOf(document.activeElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : links.length - 1;
      links[(Math.max(at, 0) + step) % links.length].focus();
    }
  });
  button.setAttribute('aria-expanded', 'false');
}
