// What a page shows at once while its data comes: its title, when the link that led here named
// it, and grey shapes where the map, the statistics and the profile will be, marked busy for
// screen readers. The page replaces them as each part arrives.
import {h} from './dom.js';

// The names of trails and lists read off the heading links people follow (cards, list rows,
// search results), by path: the next page can show its title before its record arrives.
const titles = new Map();
const MAX_TITLES = 200;
let listening = false;

function rememberFollowedTitles() {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('click', (event) => {
    const link = event.target.closest?.('a[href]');
    if (!link) return;
    const path = new URL(link.href, location.href).pathname;
    if (!/^\/(trail|list)\/[a-z0-9]{15}$/.test(path)) return;
    const title = link.dataset.title || (link.closest('h2, h3, h4') ? link.textContent.trim() : '');
    if (!title) return;
    titles.delete(path);
    titles.set(path, title);
    if (titles.size > MAX_TITLES) titles.delete(titles.keys().next().value);
  }, true);
}
rememberFollowedTitles();

// The title a followed link gave `path` ("/trail/abc…"), or ''.
export function knownTitle(path) {
  return titles.get(path) || '';
}

// <h1> with the known title, or a grey bar that says "Loading" to screen readers.
export function titlePlaceholder(title, what) {
  if (title) return h('h1', null, title);
  return h('h1', {class: 'placeholder-title'}, h('span', {class: 'placeholder-bar', 'aria-hidden': 'true'}), h('span', {class: 'visually-hidden'}, `Loading ${what}…`));
}

// A grey box of the part's shape (`className` sizes it: a map, a profile).
export function boxPlaceholder(className, label) {
  return h('div', {class: ['placeholder-box', className], role: 'img', 'aria-label': label});
}

// Grey stand-ins for `count` statistics.
export function statsPlaceholder(count = 4) {
  const items = Array.from({length: count}, () => h('div', null, h('dt', null, h('span', {class: 'placeholder-bar short'})), h('dd', null, h('span', {class: 'placeholder-bar'}))));
  return h('dl', {class: 'stats placeholder-stats', 'aria-hidden': 'true'}, items);
}
