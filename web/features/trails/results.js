// The trails page's results: the count ("1–24 of 30 trails", a live status), the grid of trail
// cards, the empty state, the page links, and the error box with its retry. It draws what it
// is given; the screen decides what to fetch.
import {h, replace} from '../../lib/dom.js';
import {scrollBehavior} from '../../lib/motion.js';
import {pagination} from '../../lib/pagination.js';
import {signInHref} from '../../lib/session.js';
import {PER_PAGE, hasFilters} from './query.js';
import {trailCard} from './trail_card.js';
import {markLiked} from '../people/like_button.js';

// trailResults({units, me, hrefFor(page), onPage(page), onClear, onHover(id, on)}) ->
//   {element, errorBox, loading(), show(answer, state) -> items, failed(message, retry), markCard(id)}
// `me` is the viewer's id ('' signed out). onPage is a page link clicked (the view is already
// moved to the results); onClear the empty state's "Clear filters"; onHover a card pointed at or
// focused (on) and left (off).
export function trailResults({units, me, hrefFor, onPage, onClear, onHover}) {
  const errorBox = h('div', {class: 'form-error', role: 'alert', hidden: true});
  const count = h('p', {class: 'trails-count', role: 'status', 'aria-live': 'polite', tabindex: '-1'});
  const list = h('ul', {class: 'trail-grid', 'aria-label': 'Trails'});
  const empty = h('div', {class: 'empty', hidden: true});
  const pager = h('nav', {class: 'pagination', 'aria-label': 'Pagination', hidden: true});
  const element = h('div', {class: 'trails-results'}, count, list, empty, pager);

  pager.addEventListener('click', (event) => {
    const link = event.target.closest('a[data-page]');
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onPage(Number(link.dataset.page));
    // The clicked link is about to be replaced: put focus and view at the top of the results.
    count.focus({preventScroll: true});
    element.scrollIntoView({block: 'start', behavior: scrollBehavior()});
  });

  const hover = (on) => (event) => {
    const card = event.target.closest?.('.trail-card');
    if (!card) return;
    if (!on && event.relatedTarget && card.contains(event.relatedTarget)) return;
    onHover(card.dataset.id, on);
  };
  list.addEventListener('mouseover', hover(true));
  list.addEventListener('mouseout', hover(false));
  list.addEventListener('focusin', hover(true));
  list.addEventListener('focusout', hover(false));

  function showEmpty(state) {
    if (hasFilters(state)) {
      replace(empty, h('p', null, 'No trails match these filters.'), h('button', {type: 'button', class: 'button', onclick: onClear}, 'Clear filters'));
    } else if (me) {
      replace(empty, h('p', null, 'There are no trails here yet.'), h('p', null, h('a', {href: '/trail/new', class: 'button primary'}, 'Add your first trail')), h('p', {class: 'muted'}, 'Upload a GPX, KML, TCX, GeoJSON or FIT file from your device or app.'));
    } else {
      replace(empty, h('p', null, 'No public trails yet.'), h('p', null, h('a', {href: signInHref()}, 'Sign in'), ' to see trails shared with you.'));
    }
    empty.hidden = false;
  }

  function showCount(items, total, state) {
    const first = (state.page - 1) * PER_PAGE + 1;
    count.textContent = items.length ? `${first}–${first + items.length - 1} of ${total} ${total === 1 ? 'trail' : 'trails'}` : 'No trails';
    // With none, the empty box says it visibly; the status still tells screen readers.
    count.classList.toggle('visually-hidden', !items.length);
  }

  function showPages(answer, total, state) {
    const totalPages = Number(answer.totalPages) || Math.ceil(total / PER_PAGE);
    replace(pager, pagination(state.page, totalPages, hrefFor));
    pager.hidden = totalPages <= 1;
  }

  let marked = null;
  return {
    element,
    errorBox,
    loading() {
      element.setAttribute('aria-busy', 'true');
      count.textContent = 'Loading trails…';
      count.classList.remove('visually-hidden');
    },
    // Draws a `GET /trail` answer for `state`; returns its trails.
    show(answer, state) {
      const items = Array.isArray(answer.items) ? answer.items : [];
      const total = Number(answer.totalItems) || 0;
      element.removeAttribute('aria-busy');
      errorBox.hidden = true;
      replace(list, items.map((trail) => trailCard(trail, {units, me})));
      markLiked(list, {signedIn: Boolean(me)});
      list.hidden = !items.length;
      empty.hidden = true;
      if (!items.length) showEmpty(state);
      showCount(items, total, state);
      showPages(answer, total, state);
      return items;
    },
    failed(message, retry) {
      element.removeAttribute('aria-busy');
      replace(errorBox, h('span', null, `The trails could not be loaded: ${message}`), ' ', h('button', {type: 'button', class: 'button small', onclick: retry}, 'Try again'));
      errorBox.hidden = false;
      replace(list);
      replace(pager);
      pager.hidden = true;
      empty.hidden = true;
      count.textContent = '';
    },
    // Marks the card of trail `id` (the pointer is on its line on the map); null unmarks.
    markCard(id) {
      marked?.classList.remove('map-hover');
      marked = id ? [...list.children].find((card) => card.dataset.id === id) || null : null;
      marked?.classList.add('map-hover');
    },
  };
}
