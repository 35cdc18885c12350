// History-API routing: routes are path patterns with `:param` segments; every screen is a module
// whose `render(ctx)` fills the view and may return a cleanup function (maps, timers, listeners).
import {isApiPath} from './api.js';
import {mayLeave} from './unsaved.js';

const routes = [];
let cleanup = null;
let renderCount = 0;
let notFound = null;
let baseContext = {};
const afterNavigate = new Set();
// The path and query last rendered: a move to a fragment of the same page (the skip link,
// Back after it) is left to the browser instead of rendering the screen again.
let rendered = null;

// What every screen's ctx holds besides params/query/view (session, requireUser, onError).
export function setContext(context) {
  baseContext = context;
}

export function onNavigate(listener) {
  afterNavigate.add(listener);
}

export function route(pattern, load) {
  const names = [];
  const regex = new RegExp(
    `^${pattern.replace(/\/:([a-zA-Z]+)/g, (_, name) => {
      names.push(name);
      return '/([^/]+)';
    })}/?$`,
  );
  routes.push({regex, names, load});
}

export function setNotFound(load) {
  notFound = load;
}

// Moves to `path`; a screen holding unsaved changes is asked first (unsaved.js) unless `force`
// (the work was saved or deleted). Resolves false when the person chose to stay.
export async function navigate(path, {replace = false, force = false} = {}) {
  if (!force && !(await mayLeave())) return false;
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  await render();
  return true;
}

function match(pathname) {
  for (const r of routes) {
    const m = r.regex.exec(pathname);
    if (m) {
      const params = {};
      r.names.forEach((name, i) => {
        params[name] = decodeURIComponent(m[i + 1]);
      });
      return {load: r.load, params};
    }
  }
  return {load: notFound, params: {}};
}

// Starts fetching the current route's screen module (used while the session loads).
export function preload() {
  match(location.pathname).load()?.catch?.(() => {});
}

// Renders the current location. A newer navigation wins over a slower earlier one.
export async function render() {
  const context = baseContext;
  const count = ++renderCount;
  rendered = location.pathname + location.search;
  for (const listener of afterNavigate) listener();
  const view = document.getElementById('view');
  if (cleanup) {
    try {
      cleanup();
    } catch (error) {
      console.error(error);
    }
    cleanup = null;
  }
  const {load, params} = match(location.pathname);
  const query = new URLSearchParams(location.search);
  const screen = await load();
  if (count !== renderCount) return;
  view.replaceChildren();
  view.className = '';
  const ctx = {...context, params, query, view, navigate, isCurrent: () => count === renderCount};
  try {
    const result = await screen.render(ctx);
    if (count !== renderCount) {
      if (typeof result === 'function') result();
      return;
    }
    cleanup = typeof result === 'function' ? result : null;
  } catch (error) {
    if (count !== renderCount) return;
    context.onError?.(error, view);
  }
  // Focus the new content for keyboard and screen-reader users, as a page load would (the
  // first render is a real page load already).
  if (count > 1) {
    const heading = view.querySelector('h1');
    (heading || view).setAttribute('tabindex', '-1');
    (heading || view).focus({preventScroll: true});
  }
  window.scrollTo(0, 0);
}

// Links marked data-link (or any same-origin <a> without target/download) navigate in place.
export function interceptLinks() {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target.closest('a[href]');
    if (!link || link.target || link.hasAttribute('download') || link.dataset.external !== undefined) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || isApiPath(url.pathname)) return;
    if (url.pathname + url.search === location.pathname + location.search && url.hash) return;
    event.preventDefault();
    // The fragment goes along: a screen may open at a section (/settings#plugins).
    navigate(url.pathname + url.search + url.hash);
  });
  window.addEventListener('popstate', async () => {
    const target = location.pathname + location.search;
    if (target === rendered) return;
    // Back or Forward has already moved the address: put the page's own back while asking.
    const here = rendered;
    history.pushState(null, '', here);
    if (await mayLeave()) navigate(target, {force: true});
  });
}
