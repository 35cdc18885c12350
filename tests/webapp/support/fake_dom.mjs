// Just enough of the browser's DOM for widgets built with web/lib/dom.js to run under node:
// elements with attributes, classes, children and text (dataset as data-* attributes); events
// that bubble; focus with blur.
// No layout, no selectors but `.class`, `#id`, `tag` and `[attr]`/`[attr="value"]` (one, or a
// descendant chain of them). installDom(t) puts `document`, `Node` and `Event` in place for one
// test (node:test's `t`) and returns the document.

class FakeEvent {
  constructor(type, {bubbles = false, ...extra} = {}) {
    Object.assign(this, extra);
    this.type = type;
    this.bubbles = bubbles;
    this.defaultPrevented = false;
    this.stopped = false;
    this.target = null;
  }
  preventDefault() {
    this.defaultPrevented = true;
  }
  stopPropagation() {
    this.stopped = true;
  }
}

class FakeNode {
  constructor(document) {
    this.ownerDocument = document;
    this.parentNode = null;
    this.childNodes = [];
    this.listeners = {};
  }
  get isConnected() {
    let node = this;
    while (node.parentNode) node = node.parentNode;
    return node === this.ownerDocument.root;
  }
  get firstChild() {
    return this.childNodes[0] || null;
  }
  get textContent() {
    return this.childNodes.map((child) => child.textContent).join('');
  }
  set textContent(text) {
    this.replaceChildren();
    if (text !== '' && text !== null && text !== undefined) this.append(String(text));
  }
  append(...nodes) {
    for (const node of nodes) {
      const child = node instanceof FakeNode ? node : new FakeText(this.ownerDocument, String(node));
      child.remove();
      child.parentNode = this;
      this.childNodes.push(child);
    }
  }
  prepend(...nodes) {
    const rest = this.childNodes.splice(0);
    this.append(...nodes);
    for (const child of rest) this.append(child);
  }
  replaceChildren(...nodes) {
    for (const child of this.childNodes.splice(0)) child.parentNode = null;
    this.append(...nodes);
  }
  remove() {
    if (!this.parentNode) return;
    const siblings = this.parentNode.childNodes;
    siblings.splice(siblings.indexOf(this), 1);
    this.parentNode = null;
  }
  contains(node) {
    for (let n = node; n; n = n.parentNode) if (n === this) return true;
    return false;
  }
  addEventListener(type, listener) {
    (this.listeners[type] ||= []).push(listener);
  }
  removeEventListener(type, listener) {
    this.listeners[type] = (this.listeners[type] || []).filter((l) => l !== listener);
  }
  dispatchEvent(event) {
    event.target ||= this;
    for (let node = this; node && !event.stopped; node = event.bubbles ? node.parentNode : null) {
      for (const listener of [...(node.listeners[event.type] || [])]) listener.call(node, event);
    }
    return !event.defaultPrevented;
  }
}

class FakeText extends FakeNode {
  constructor(document, text) {
    super(document);
    this.data = text;
  }
  get textContent() {
    return this.data;
  }
}

function matchesOne(el, selector) {
  const m = /^(\w+)?(?:#([\w-]+))?((?:\.[\w-]+)*)(?:\[([\w-]+)(?:="([^"]*)")?\])?$/.exec(selector);
  if (!m) throw new Error(`the fake DOM does not read the selector ${selector}`);
  const [, tag, id, classes, attr, value] = m;
  if (tag && el.tagName !== tag.toUpperCase()) return false;
  if (id && el.id !== id) return false;
  for (const name of classes.split('.').filter(Boolean)) if (!el.classList.contains(name)) return false;
  if (attr && (!el.hasAttribute(attr) || (value !== undefined && el.getAttribute(attr) !== value))) return false;
  return true;
}

// el.dataset as the browser has it: `dataset.fooBar` is the attribute data-foo-bar, so
// `[data-foo-bar="x"]` selectors find what h(…, {dataset}) set.
function datasetOf(element) {
  const attr = (key) => `data-${String(key).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  const keyOf = (name) => name.slice(5).replace(/-([a-z])/g, (_, c) => c.toUpperCase());
  const keys = () => [...element.attributes.keys()].filter((name) => name.startsWith('data-')).map(keyOf);
  return new Proxy({}, {
    get: (target, key) => (typeof key === 'string' ? element.getAttribute(attr(key)) ?? undefined : undefined),
    set: (target, key, value) => {
      element.setAttribute(attr(key), value);
      return true;
    },
    has: (target, key) => element.hasAttribute(attr(key)),
    deleteProperty: (target, key) => {
      element.removeAttribute(attr(key));
      return true;
    },
    ownKeys: () => keys(),
    getOwnPropertyDescriptor: (target, key) =>
      element.hasAttribute(attr(key)) ? {value: element.getAttribute(attr(key)), enumerable: true, configurable: true, writable: true} : undefined,
  });
}

class FakeElement extends FakeNode {
  constructor(document, tag) {
    super(document);
    this.tagName = tag.toUpperCase();
    this.attributes = new Map();
    this.style = {};
    this.dataset = datasetOf(this);
    this.value = '';
    this.disabled = false;
    this.checked = false;
    const element = this;
    this.classList = {
      names: () => (element.getAttribute('class') || '').split(/\s+/).filter(Boolean),
      contains: (name) => element.classList.names().includes(name),
      add: (...names) => element.setAttribute('class', [...new Set([...element.classList.names(), ...names])].join(' ')),
      remove: (...names) => element.setAttribute('class', element.classList.names().filter((n) => !names.includes(n)).join(' ')),
      toggle: (name, force = !element.classList.contains(name)) => {
        if (force) element.classList.add(name);
        else element.classList.remove(name);
        return force;
      },
    };
  }
  get children() {
    return this.childNodes.filter((child) => child instanceof FakeElement);
  }
  get id() {
    return this.getAttribute('id') || '';
  }
  set id(value) {
    this.setAttribute('id', value);
  }
  get hidden() {
    return this.hasAttribute('hidden');
  }
  set hidden(on) {
    if (on) this.setAttribute('hidden', '');
    else this.removeAttribute('hidden');
  }
  get type() {
    return this.getAttribute('type') || (this.tagName === 'INPUT' ? 'text' : '');
  }
  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }
  getAttribute(name) {
    return this.attributes.has(name) ? this.attributes.get(name) : null;
  }
  hasAttribute(name) {
    return this.attributes.has(name);
  }
  removeAttribute(name) {
    this.attributes.delete(name);
  }
  toggleAttribute(name, force = !this.hasAttribute(name)) {
    if (force) this.setAttribute(name, '');
    else this.removeAttribute(name);
    return force;
  }
  matches(selector) {
    const chain = selector.trim().split(/\s+/);
    if (!matchesOne(this, chain.pop())) return false;
    let node = this.parentNode;
    while (chain.length && node) {
      if (node instanceof FakeElement && matchesOne(node, chain[chain.length - 1])) chain.pop();
      node = node.parentNode;
    }
    return chain.length === 0;
  }
  closest(selector) {
    for (let node = this; node instanceof FakeElement; node = node.parentNode) if (node.matches(selector)) return node;
    return null;
  }
  querySelectorAll(selector) {
    const found = [];
    const walk = (node) => {
      for (const child of node.children) {
        if (child.matches(selector)) found.push(child);
        walk(child);
      }
    };
    walk(this);
    return found;
  }
  querySelector(selector) {
    return this.querySelectorAll(selector)[0] || null;
  }
  focus() {
    const document = this.ownerDocument;
    if (document.activeElement === this) return;
    const previous = document.activeElement;
    document.activeElement = this;
    previous?.dispatchEvent(new FakeEvent('blur'));
    this.dispatchEvent(new FakeEvent('focus'));
  }
  blur() {
    const document = this.ownerDocument;
    if (document.activeElement !== this) return;
    document.activeElement = document.body;
    this.dispatchEvent(new FakeEvent('blur'));
  }
  click() {
    this.dispatchEvent(new FakeEvent('click', {bubbles: true, button: 0}));
  }
  scrollIntoView() {}
  // <dialog>: open as a modal, and closed with its "close" event, as a browser does.
  showModal() {
    this.setAttribute('open', '');
  }
  close() {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new FakeEvent('close'));
  }
}

export function installDom(t) {
  const document = {
    activeElement: null,
    createElement: (tag) => new FakeElement(document, tag),
    // SVG icons: the same element, its tag as written (namespaces play no part in these tests).
    createElementNS: (namespace, tag) => new FakeElement(document, tag),
    createTextNode: (text) => new FakeText(document, text),
    getElementById: (id) => document.body.querySelector(`#${id}`),
  };
  document.root = new FakeElement(document, 'html');
  document.body = new FakeElement(document, 'body');
  document.root.append(document.body);
  document.activeElement = document.body;
  const saved = {document: globalThis.document, Node: globalThis.Node, Event: globalThis.Event};
  Object.assign(globalThis, {document, Node: FakeNode, Event: FakeEvent});
  t.after(() => Object.assign(globalThis, saved));
  return document;
}

// An event of `type` that bubbles, dispatched on `el`; returns it (defaultPrevented tells whether
// the page handled it).
export function fire(el, type, extra = {}) {
  const event = new FakeEvent(type, {bubbles: true, ...extra});
  el.dispatchEvent(event);
  return event;
}

// A key pressed in `el`: keydown with `key`; returns the event (defaultPrevented tells whether the
// page took the key).
export function press(el, key, extra = {}) {
  return fire(el, 'keydown', {key, ...extra});
}

// Text typed into an input: the value, then an `input` event.
export function typeInto(el, text) {
  el.value = text;
  el.dispatchEvent(new FakeEvent('input', {bubbles: true}));
}
