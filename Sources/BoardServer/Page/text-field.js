// A text field for a label, a title or a name that never loses what was typed: a key or a paste
// goes in only as far as the limit allows (whole characters; what the text rules refuse, such as
// direction overrides, left out), a counter shows from near the limit (`87/100`), and a text
// the rules refuse keeps the field open with the reason under it. How long a text is, what fits
// and what is refused are the core's answers (`checkText`); this file only applies them.

const insertions = new Set(['insertText', 'insertFromPaste', 'insertFromDrop', 'insertReplacementText']);

export class TextField {
  /** Guards `input` with `ask(text, typing)`, which answers the core's check (`{fits, length,
   * limit, counter, problem}`); `counter` and `message` are elements it writes into. */
  constructor(input, ask, { counter, message }) {
    this.input = input;
    this.ask = ask;
    this.counter = counter;
    this.message = message;
    input.addEventListener('beforeinput', (event) => this.beforeInput(event));
    input.addEventListener('input', () => this.show());
    this.show();
  }

  /** Puts in only what fits, and what the rules allow, of a key or a paste. */
  beforeInput(event) {
    if (!insertions.has(event.inputType) || event.isComposing) return;
    const typed = event.data ?? event.dataTransfer?.getData('text/plain') ?? '';
    if (typed === '') return;
    const { value, selectionStart, selectionEnd } = this.input;
    const start = selectionStart ?? value.length;
    const end = selectionEnd ?? value.length;
    const check = this.ask(value.slice(0, start) + value.slice(end), typed);
    if (check.fits === typed) return;
    event.preventDefault();
    this.input.setRangeText(check.fits, start, end, 'end');
    this.show(check.cut);
  }

  /** Writes the counter (and a note, or nothing), from the core's check of the field's text. */
  show(note = null) {
    const check = this.ask(this.input.value, '');
    if (check.length > check.limit) {
      // Text put in where no key or paste was seen (an input method) is cut where it went over.
      const over = this.input.value;
      const caret = this.input.selectionEnd ?? over.length;
      const cut = this.ask(over.slice(caret), over.slice(0, caret));
      this.input.value = cut.fits + over.slice(caret);
      this.input.setSelectionRange(cut.fits.length, cut.fits.length);
      return this.show(cut.cut);
    }
    const counter = check.counter ?? '';
    if (this.counter.textContent !== counter) this.counter.textContent = counter;
    this.counter.hidden = counter === '';
    this.counter.classList.toggle('full', check.length >= check.limit);
    this.note(note);
    return check;
  }

  note(text) {
    const shown = text ?? '';
    if (this.message.textContent !== shown) this.message.textContent = shown;
    this.message.hidden = shown === '';
  }

  /** The text when the rules take it; otherwise says why under the field and answers null. */
  accepted() {
    const check = this.ask(this.input.value, '');
    if (check.problem === null) return this.input.value;
    this.note(check.problem);
    this.input.focus();
    return null;
  }
}
