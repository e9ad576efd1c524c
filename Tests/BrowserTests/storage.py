"""What makes a page of the browser tests and the page benchmark keep nothing: an init script
that takes IndexedDB away, as a browser that refuses storage (or a private window that does) has
none to give."""

REFUSE_STORAGE = "Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });"
