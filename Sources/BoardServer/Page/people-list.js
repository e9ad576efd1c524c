// The people in the top bar, as the core names them (one per name, this person first), on one
// line. When they do not all fit, the last ones give way to a "+N" button that opens the whole
// list, so that a busy board never pushes the board itself down the screen.

import { personBadge } from './people.js';

export class PeopleList {
  /** `root` holds the shown badges' list, the "+N" button and the popover of everyone. */
  constructor(root) {
    this.shown = root.querySelector('.people-shown');
    this.more = root.querySelector('.people-more');
    this.everyone = root.querySelector('.people-all');
    this.people = [];
    this.everyone.addEventListener('beforetoggle', (event) => {
      if (event.newState !== 'open') return;
      this.fillEveryone();
      const button = this.more.getBoundingClientRect();
      this.everyone.style.top = `${button.bottom + 6}px`;
      this.everyone.style.right = `${Math.max(8, document.documentElement.clientWidth - button.right)}px`;
    });
    this.everyone.addEventListener('toggle', (event) => {
      if (event.newState === 'closed') this.everyone.querySelector('ul').replaceChildren();
    });
    new ResizeObserver(() => this.fit()).observe(root);
  }

  /** Shows `people` (the status's: this person first, one entry per name). */
  show(people) {
    this.people = people;
    this.shown.replaceChildren(...people.map(badgeOf));
    this.fit();
    if (this.everyone.matches(':popover-open')) this.fillEveryone();
  }

  /** Hides the badges from the end (never this person's) until the rest fit on the line
   * beside the "+N" button. */
  fit() {
    const badges = [...this.shown.children];
    for (const badge of badges) badge.hidden = false;
    this.more.hidden = true;
    if (this.shown.scrollWidth <= this.shown.clientWidth) return;
    this.more.hidden = false;
    this.more.textContent = `+${badges.length - 1}`;
    const room = this.shown.clientWidth;
    const gap = parseFloat(getComputedStyle(this.shown).columnGap) || 0;
    const widths = badges.map((badge) => badge.getBoundingClientRect().width);
    let used = widths[0];
    let kept = 1;
    while (kept < badges.length && used + gap + widths[kept] <= room) {
      used += gap + widths[kept];
      kept += 1;
    }
    for (const badge of badges.slice(kept)) badge.hidden = true;
    const hidden = this.people.slice(kept).map((person) => person.user);
    // This person alone: their badge is cut short instead, and there is no one to count.
    this.more.hidden = hidden.length === 0;
    this.more.textContent = `+${hidden.length}`;
    this.more.setAttribute('aria-label', `${hidden.length} more: ${hidden.join(', ')}`);
    this.more.title = hidden.join(', ');
  }

  fillEveryone() {
    this.everyone.querySelector('ul').replaceChildren(...this.people.map(badgeOf));
  }
}

function badgeOf(person) {
  const badge = personBadge(person.user, person.color, { you: person.you });
  if (person.connections > 1) {
    const count = document.createElement('span');
    count.className = 'person-count';
    count.textContent = `×${person.connections}`;
    count.title = `${person.connections} connections`;
    badge.append(count);
  }
  return badge;
}
