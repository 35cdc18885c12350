// Building DOM without innerHTML: every string becomes a text node, so text from the API
// (names, descriptions, comments, bios) can never become markup.

const SVG_NS = 'http://www.w3.org/2000/svg';

function applyProps(el, props) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') el.setAttribute('class', Array.isArray(value) ? value.filter(Boolean).join(' ') : value);
    else if (key === 'style' && typeof value === 'object') Object.assign(el.style, value);
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2).toLowerCase(), value);
    else if (key === 'value' && 'value' in el) el.value = value;
    else if (key === 'checked' || key === 'selected' || key === 'disabled' || key === 'multiple') el[key] = Boolean(value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// h('a', {href: '/x', class: 'button'}, 'text', otherNode)
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  applyProps(el, props);
  append(el, children);
  return el;
}

export function svg(tag, props, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null) continue;
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2).toLowerCase(), value);
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

export function replace(el, ...children) {
  clear(el);
  append(el, children);
  return el;
}

// Disabling a focused control sends focus to the page (screen readers lose their place).
// Call before disabling; the returned function gives focus back once the control is usable,
// unless something else took focus meanwhile or the control left the page.
export function keepFocus(control) {
  const had = document.activeElement === control;
  return () => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (had && lost && control.isConnected && !control.disabled) control.focus();
  };
}

let idCounter = 0;
export function uniqueId(prefix = 'id') {
  idCounter += 1;
  return `${prefix}-${idCounter}`;
}

// A short status message for everyone, including screen readers (the #toasts live region).
export function toast(message, kind = 'info') {
  const box = document.getElementById('toasts');
  if (!box) return;
  const item = h('div', {class: ['toast', `toast-${kind}`]}, message);
  box.append(item);
  setTimeout(() => item.remove(), kind === 'error' ? 8000 : 4000);
}
