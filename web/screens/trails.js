// The trails list (`/` and `/trails`): search, filters, sort and pages of trail cards, with an
// overview map of the page's trails. Everything the visitor chose lives in the URL's query, so
// reload, back/forward and shared links show the same list.
import {h, replace, uniqueId} from '../lib/dom.js';
import {api, fileUrl} from '../lib/api.js';
import {DIFFICULTIES, difficultyLabel, distanceUnit, elevationUnit, formatDate, formatDistance, formatDuration, formatElevation} from '../lib/format.js';
import {trackPreview} from '../lib/trail_bits.js';
import {PER_PAGE, SCOPES, SORTS, emptyState, filterCount, hasFilters, listQuery, queryFromState, stateFromQuery} from '../lib/trails_query.js';

const SEARCH_DELAY = 300;
const RANGE_DELAY = 500;
// Side by side from here; below it the map is stacked above the cards and can be folded away.
const WIDE = '(min-width: 960px)';
// Below this the filters fold behind a "Filters" button.
const NARROW = '(max-width: 720px)';
const MAP_PREF = 'cairn.trails.map';

// Set once a server answers `fields` without `preview`: the cards then ask for `polyline`.
let serverLacksPreview = false;

function debounce(fn, delay) {
  let timer = 0;
  const run = (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), delay);
  };
  run.cancel = () => clearTimeout(timer);
  return run;
}

function readMapPref() {
  try {
    return localStorage.getItem(MAP_PREF);
  } catch {
    return null;
  }
}

function writeMapPref(value) {
  try {
    localStorage.setItem(MAP_PREF, value);
  } catch {
    // Private browsing: the choice lasts for this page only.
  }
}

// --- Cards ---------------------------------------------------------------------------------

function cardMedia(trail) {
  const photos = Array.isArray(trail.photos) ? trail.photos : [];
  if (!photos.length) return h('div', {class: 'trail-card-media'}, trackPreview(trail, {width: 320, height: 180}));
  const index = Number.isInteger(trail.thumbnail) && trail.thumbnail >= 0 && trail.thumbnail < photos.length ? trail.thumbnail : 0;
  return h(
    'div',
    {class: 'trail-card-media'},
    h('img', {src: fileUrl(trail, photos[index], {thumb: '600x0'}), alt: `Photo of ${trail.name || 'the trail'}`, loading: 'lazy', decoding: 'async', width: 320, height: 180}),
  );
}

function stat(term, value, icon) {
  return h('div', null, h('dt', {class: 'visually-hidden'}, term), h('dd', null, icon ? h('span', {class: 'trail-card-icon', 'aria-hidden': 'true'}, icon) : null, value));
}

function cardBadges(trail, me) {
  const badges = [];
  if (trail.difficulty) badges.push(h('span', {class: ['badge', trail.difficulty]}, difficultyLabel(trail.difficulty) || trail.difficulty));
  if (me && !trail.public) {
    if (trail.author === me) badges.push(h('span', {class: 'badge private'}, 'Private'));
    else badges.push(h('span', {class: 'badge shared'}, 'Shared with you'));
  }
  return badges.length ? h('div', {class: 'trail-card-badges'}, badges) : null;
}

function trailCard(trail, {units, me}) {
  const author = trail.expand?.author?.username;
  const date = formatDate(trail.date);
  return h(
    'li',
    {class: 'trail-card', dataset: {id: trail.id}},
    h(
      'article',
      null,
      cardMedia(trail),
      h(
        'div',
        {class: 'trail-card-body'},
        h('h2', {class: 'trail-card-title'}, h('a', {href: `/trail/${encodeURIComponent(trail.id)}`}, trail.name || 'Unnamed trail')),
        trail.location ? h('p', {class: 'trail-card-location'}, trail.location) : null,
        h(
          'dl',
          {class: 'trail-card-stats'},
          stat('Distance', formatDistance(trail.distance, units), '↔'),
          stat('Elevation gain', formatElevation(trail.elevation_gain, units), '↗'),
          stat('Duration', formatDuration(trail.duration), '◷'),
        ),
        h(
          'div',
          {class: 'trail-card-foot'},
          cardBadges(trail, me),
          h(
            'p',
            {class: 'trail-card-meta'},
            date ? h('time', {datetime: date}, date) : null,
            author && trail.author !== me ? h('span', null, `by ${author}`) : null,
          ),
        ),
      ),
    ),
  );
}

// --- Pagination ----------------------------------------------------------------------------

// 1 … 4 5 [6] 7 8 … 20
function pageNumbers(current, last) {
  const wanted = new Set([1, last, current - 1, current, current + 1]);
  if (current <= 3) [2, 3, 4].forEach((n) => wanted.add(n));
  if (current >= last - 2) [last - 1, last - 2, last - 3].forEach((n) => wanted.add(n));
  const pages = [...wanted].filter((n) => n >= 1 && n <= last).sort((a, b) => a - b);
  const out = [];
  pages.forEach((n, i) => {
    if (i && n - pages[i - 1] > 1) out.push(null);
    out.push(n);
  });
  return out;
}

function pagination(state, totalPages, hrefFor) {
  if (totalPages <= 1) return [];
  const link = (page, text, label, extra = {}) => h('a', {class: 'button small', href: hrefFor(page), dataset: {page: String(page)}, 'aria-label': label, ...extra}, text);
  const disabled = (text) => h('span', {class: 'button small', 'aria-disabled': 'true'}, text);
  return [
    state.page > 1 ? link(state.page - 1, '‹ Previous', 'Previous page', {rel: 'prev'}) : disabled('‹ Previous'),
    ...pageNumbers(state.page, totalPages).map((n) =>
      n === null ? h('span', {class: 'pagination-gap', 'aria-hidden': 'true'}, '…') : link(n, String(n), `Page ${n}`, n === state.page ? {'aria-current': 'page'} : {}),
    ),
    state.page < totalPages ? link(state.page + 1, 'Next ›', 'Next page', {rel: 'next'}) : disabled('Next ›'),
  ];
}

// --- Filters -------------------------------------------------------------------------------

function rangeFieldset(legend, unit, minName, maxName, state) {
  const errorId = uniqueId('range-error');
  const input = (name, label, placeholder) =>
    h('input', {type: 'number', name, min: 0, step: 'any', inputmode: 'decimal', value: state[name], placeholder, 'aria-label': label, 'aria-describedby': errorId, class: 'input'});
  return h(
    'fieldset',
    {class: 'trails-range'},
    h('legend', null, `${legend} (${unit})`),
    h('div', {class: 'trails-range-inputs'}, input(minName, `Minimum ${legend.toLowerCase()} (${unit})`, 'min'), h('span', {'aria-hidden': 'true'}, '–'), input(maxName, `Maximum ${legend.toLowerCase()} (${unit})`, 'max')),
    h('p', {class: 'field-error', id: errorId}),
  );
}

function selectField(label, name, options, value) {
  const id = uniqueId(`f-${name}`);
  return h(
    'div',
    {class: 'field'},
    h('label', {for: id}, label),
    h('select', {id, name, class: 'input'}, options.map((o) => h('option', {value: o.value, selected: o.value === value}, o.label))),
    h('p', {class: 'field-error', id: `${id}-error`}),
  );
}

// --- The screen ----------------------------------------------------------------------------

export default {
  render(ctx) {
    const {view, session} = ctx;
    document.title = 'Trails · Cairn';
    const me = session.user?.id || '';
    const units = session.units;
    let state = stateFromQuery(ctx.query, {signedIn: Boolean(me)});
    let controller = null;
    // The query of the list on screen (or being fetched); null after an error, so a retry runs.
    let loadedSearch = null;
    let items = [];
    let mapView = null;
    let mapLoading = false;
    let disposed = false;
    let categoriesLoaded = false;
    const wide = matchMedia(WIDE);
    const narrow = matchMedia(NARROW);

    // Controls
    const searchInput = h('input', {type: 'search', name: 'q', id: uniqueId('f-q'), value: state.q, class: 'input', autocomplete: 'off', placeholder: 'Name, place or description'});
    const sortField = selectField('Sort by', 'sort', SORTS, state.sort);
    const difficultyBoxes = DIFFICULTIES.map((d) =>
      h('label', {class: 'trails-check'}, h('input', {type: 'checkbox', name: 'difficulty', value: d.value, checked: state.difficulty.includes(d.value)}), d.label),
    );
    const distanceRange = rangeFieldset('Distance', distanceUnit(units).label, 'dmin', 'dmax', state);
    const gainRange = rangeFieldset('Elevation gain', elevationUnit(units).label, 'gmin', 'gmax', state);
    const categoryField = selectField('Category', 'category', [{value: '', label: 'Any category'}], state.category);
    const categorySelect = categoryField.querySelector('select');
    const scopeField = me ? selectField('Show', 'scope', SCOPES, state.scope) : null;
    // Not "Clear filters": that is the empty state's button, and two of one name confuse.
    const clearButton = h('button', {type: 'button', class: 'button', onclick: clearFilters}, 'Reset filters');
    const panelId = uniqueId('trail-filters');
    const filtersToggle = h('button', {type: 'button', class: 'button trails-filters-toggle', 'aria-controls': panelId, 'aria-expanded': 'false'}, 'Filters');
    const panel = h(
      'div',
      {class: 'trails-filters', id: panelId},
      h('fieldset', {class: 'trails-difficulty'}, h('legend', null, 'Difficulty'), h('div', {class: 'row'}, difficultyBoxes)),
      distanceRange,
      gainRange,
      categoryField,
      scopeField,
      h('div', {class: 'trails-filters-actions'}, clearButton),
    );
    const form = h(
      'form',
      {class: 'trails-search card-box', role: 'search', 'aria-label': 'Search and filter trails', novalidate: true},
      h('div', {class: 'trails-search-row'}, h('div', {class: 'field trails-q'}, h('label', {for: searchInput.id}, 'Search trails'), searchInput), sortField, filtersToggle),
      panel,
    );

    // Results
    const errorBox = h('div', {class: 'form-error', role: 'alert', hidden: true});
    const count = h('p', {class: 'trails-count', role: 'status', 'aria-live': 'polite', tabindex: '-1'});
    const list = h('ul', {class: 'trail-grid', 'aria-label': 'Trails'});
    const empty = h('div', {class: 'empty', hidden: true});
    const pager = h('nav', {class: 'pagination', 'aria-label': 'Pagination', hidden: true});
    const results = h('div', {class: 'trails-results'}, count, list, empty, pager);

    // Map
    const mapElement = h('div', {class: 'trails-map', role: 'region', 'aria-label': 'Map of the trails on this page'});
    const mapToggle = h('button', {type: 'button', class: 'button trails-map-toggle', 'aria-expanded': 'false'}, 'Show map');
    const mapPanel = h('aside', {class: 'trails-map-panel', 'aria-label': 'Map'}, mapToggle, mapElement);
    let mapExpanded = (readMapPref() ?? (narrow.matches ? 'hidden' : 'shown')) === 'shown';

    // "+ New trail" is in the top bar already; a second one here would only repeat it.
    const heading = h('div', {class: 'trails-head'}, h('h1', null, 'Trails'));
    // One grid: the map spans the right column beside everything on wide screens, and sits
    // between the filters and the cards on narrow ones.
    const layout = h('section', {class: 'page trails-page'}, heading, form, errorBox, results, mapPanel);
    view.append(layout);

    // --- URL and state ---

    function hrefFor(page) {
      return location.pathname + queryFromState({...state, page});
    }

    // Every change adds a history entry so back undoes it, except that one burst of typing
    // (several debounced searches) shares a single entry.
    let typing = false;
    function commit({push = true, typed: fromTyping = false} = {}) {
      const search = queryFromState(state);
      const url = location.pathname + search;
      if (url !== location.pathname + location.search) {
        if (push && !(fromTyping && typing)) history.pushState(null, '', url);
        else history.replaceState(null, '', url);
      }
      typing = fromTyping;
      syncFilterSummary();
      // A blur after typing repeats what the debounce already asked for.
      if (search !== loadedSearch) load();
    }

    function readControls() {
      const values = new FormData(form);
      state.q = String(values.get('q') || '');
      state.sort = String(values.get('sort') || state.sort);
      state.difficulty = values.getAll('difficulty').map(String);
      for (const key of ['dmin', 'dmax', 'gmin', 'gmax']) {
        const text = String(values.get(key) || '').trim();
        state[key] = text !== '' && Number.isFinite(Number(text)) && Number(text) >= 0 ? text : '';
      }
      // Until the categories arrive the select cannot hold the URL's choice; keep it.
      if (categoriesLoaded) state.category = String(values.get('category') || '');
      if (me) state.scope = String(values.get('scope') || 'all');
      state.page = 1;
    }

    function checkRanges() {
      for (const [fieldset, min, max] of [[distanceRange, 'dmin', 'dmax'], [gainRange, 'gmin', 'gmax']]) {
        const bad = state[min] !== '' && state[max] !== '' && Number(state[min]) > Number(state[max]);
        fieldset.querySelector('.field-error').textContent = bad ? 'The minimum is above the maximum, so nothing can match.' : '';
        for (const input of fieldset.querySelectorAll('input')) {
          if (bad) input.setAttribute('aria-invalid', 'true');
          else input.removeAttribute('aria-invalid');
        }
      }
    }

    function syncFilterSummary() {
      const n = filterCount(state);
      filtersToggle.textContent = n ? `Filters (${n})` : 'Filters';
      clearButton.disabled = !hasFilters(state);
      checkRanges();
    }

    function setControls() {
      searchInput.value = state.q;
      form.elements.sort.value = state.sort;
      for (const box of form.querySelectorAll('input[name="difficulty"]')) box.checked = state.difficulty.includes(box.value);
      for (const key of ['dmin', 'dmax', 'gmin', 'gmax']) form.elements[key].value = state[key];
      categorySelect.value = state.category;
      if (me) form.elements.scope.value = state.scope;
    }

    function clearFilters() {
      state = {...emptyState(), sort: state.sort};
      setControls();
      commit();
      searchInput.focus();
    }

    const typed = debounce(() => {
      readControls();
      commit({typed: true});
    }, SEARCH_DELAY);
    const rangeTyped = debounce(() => {
      readControls();
      commit({typed: true});
    }, RANGE_DELAY);

    form.addEventListener('input', (event) => {
      if (event.target === searchInput) typed();
      else if (event.target.type === 'number') rangeTyped();
    });
    form.addEventListener('change', (event) => {
      if (event.target === searchInput) return;
      rangeTyped.cancel();
      readControls();
      commit();
    });
    const applyNow = () => {
      typed.cancel();
      rangeTyped.cancel();
      readControls();
      commit();
    };
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      applyNow();
    });
    // A form with several text inputs and no submit button does not submit on Enter by itself.
    form.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' || event.target.tagName !== 'INPUT' || event.target.type === 'checkbox') return;
      event.preventDefault();
      applyNow();
    });

    // Phones fold the filters away unless some are set.
    let filtersOpen = filterCount(state) > 0;
    function layoutFilters() {
      const folded = narrow.matches && !filtersOpen;
      panel.classList.toggle('folded', folded);
      filtersToggle.setAttribute('aria-expanded', String(!folded));
    }
    filtersToggle.addEventListener('click', () => {
      filtersOpen = !filtersOpen;
      layoutFilters();
    });

    // --- Categories ---

    api('GET', '/category', null, {query: {perPage: 500, sort: 'name'}})
      .then((categories) => {
        if (disposed || !Array.isArray(categories)) return;
        categorySelect.append(...categories.map((c) => h('option', {value: c.id}, c.name)));
        // An id from an old link that names no category still filters; say so rather than hide it.
        if (state.category && !categories.some((c) => c.id === state.category)) categorySelect.append(h('option', {value: state.category}, 'Unknown category'));
        categorySelect.value = state.category;
        categoriesLoaded = true;
      })
      .catch((error) => {
        if (disposed) return;
        categoryField.querySelector('.field-error').textContent = `Categories could not be loaded: ${error.message}`;
      });

    // --- Map ---

    function mapVisible() {
      return wide.matches || mapExpanded;
    }

    async function layoutMap() {
      mapPanel.classList.toggle('folded', !mapVisible());
      mapToggle.textContent = mapExpanded ? 'Hide map' : 'Show map';
      mapToggle.setAttribute('aria-expanded', String(mapExpanded));
      if (!mapVisible()) return;
      if (mapView) {
        mapView.resize();
        return;
      }
      if (mapLoading) return;
      // Leaflet loads only once a map is on screen: a phone that keeps it folded never fetches it.
      mapLoading = true;
      try {
        const {createTrailsMap} = await import('../lib/trails_map.js');
        if (disposed) return;
        mapView = createTrailsMap(mapElement);
        mapView.show(items);
      } catch (error) {
        console.error(error);
        replace(mapElement, h('p', {class: 'muted trails-map-failed'}, `The map could not be loaded: ${error.message}`));
      } finally {
        mapLoading = false;
      }
    }
    mapToggle.addEventListener('click', () => {
      mapExpanded = !mapExpanded;
      writeMapPref(mapExpanded ? 'shown' : 'hidden');
      layoutMap();
    });

    const onMedia = () => {
      layoutFilters();
      layoutMap();
    };
    wide.addEventListener('change', onMedia);
    narrow.addEventListener('change', onMedia);

    // Hovering or focusing a card lights up its line on the map.
    const hover = (on) => (event) => {
      const card = event.target.closest?.('.trail-card');
      if (!card || !mapView) return;
      if (!on && event.relatedTarget && card.contains(event.relatedTarget)) return;
      mapView.highlight(card.dataset.id, on);
    };
    list.addEventListener('mouseover', hover(true));
    list.addEventListener('mouseout', hover(false));
    list.addEventListener('focusin', hover(true));
    list.addEventListener('focusout', hover(false));

    // --- Pages ---

    pager.addEventListener('click', (event) => {
      const link = event.target.closest('a[data-page]');
      if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      state.page = Number(link.dataset.page);
      commit();
      // The clicked link is about to be replaced: put focus and view at the top of the results.
      count.focus({preventScroll: true});
      results.scrollIntoView({block: 'start', behavior: 'smooth'});
    });

    // --- Loading ---

    function showEmpty() {
      if (hasFilters(state)) {
        replace(empty, h('p', null, 'No trails match these filters.'), h('button', {type: 'button', class: 'button', onclick: clearFilters}, 'Clear filters'));
      } else if (me) {
        replace(empty, h('p', null, 'There are no trails here yet.'), h('p', null, h('a', {href: '/trail/new', class: 'button primary'}, 'Add your first trail')), h('p', {class: 'muted'}, 'Upload a GPX, KML, TCX, GeoJSON or FIT file from your device or app.'));
      } else {
        replace(empty, h('p', null, 'No public trails yet.'), h('p', null, h('a', {href: `/login?next=${encodeURIComponent(location.pathname + location.search)}`}, 'Sign in'), ' to see trails shared with you.'));
      }
      empty.hidden = false;
    }

    function showResults(answer) {
      items = Array.isArray(answer.items) ? answer.items : [];
      const total = Number(answer.totalItems) || 0;
      replace(list, items.map((trail) => trailCard(trail, {units, me})));
      list.hidden = !items.length;
      empty.hidden = true;
      if (!items.length) showEmpty();
      const first = (state.page - 1) * PER_PAGE + 1;
      count.textContent = items.length ? `${first}–${first + items.length - 1} of ${total} ${total === 1 ? 'trail' : 'trails'}` : 'No trails';
      // With none, the empty box says it visibly; the status still tells screen readers.
      count.classList.toggle('visually-hidden', !items.length);
      const totalPages = Number(answer.totalPages) || Math.ceil(total / PER_PAGE);
      replace(pager, pagination(state, totalPages, hrefFor));
      pager.hidden = totalPages <= 1;
      layout.classList.toggle('no-trails', !items.length);
      if (mapView) mapView.show(items);
    }

    async function load() {
      controller?.abort();
      const mine = new AbortController();
      controller = mine;
      loadedSearch = queryFromState(state);
      results.setAttribute('aria-busy', 'true');
      count.textContent = 'Loading trails…';
      count.classList.remove('visually-hidden');
      try {
        let answer = await api('GET', '/trail', null, {query: listQuery(state, {units, userId: me, withPolyline: serverLacksPreview}), signal: mine.signal});
        const sample = answer.items?.[0];
        if (sample && !('preview' in sample) && !('polyline' in sample) && !serverLacksPreview) {
          // `fields` works but `preview` does not exist yet: ask once more with the full line.
          serverLacksPreview = true;
          answer = await api('GET', '/trail', null, {query: listQuery(state, {units, userId: me, withPolyline: true}), signal: mine.signal});
        }
        if (controller !== mine || disposed) return;
        // A page past the end (an old link, or trails deleted meanwhile): show the last one.
        if (!answer.items?.length && answer.totalItems > 0 && state.page > 1) {
          state.page = Math.max(1, Number(answer.totalPages) || 1);
          commit({push: false});
          return;
        }
        errorBox.hidden = true;
        showResults(answer);
      } catch (error) {
        if (error.name === 'AbortError' || controller !== mine || disposed) return;
        loadedSearch = null;
        replace(errorBox, h('span', null, `The trails could not be loaded: ${error.message}`), ' ', h('button', {type: 'button', class: 'button small', onclick: () => load()}, 'Try again'));
        errorBox.hidden = false;
        items = [];
        replace(list);
        replace(pager);
        pager.hidden = true;
        empty.hidden = true;
        count.textContent = '';
        layout.classList.add('no-trails');
        if (mapView) mapView.show([]);
      } finally {
        if (controller === mine) results.removeAttribute('aria-busy');
      }
    }

    syncFilterSummary();
    layoutFilters();
    layoutMap();
    load();

    return () => {
      disposed = true;
      controller?.abort();
      typed.cancel();
      rangeTyped.cancel();
      wide.removeEventListener('change', onMedia);
      narrow.removeEventListener('change', onMedia);
      mapView?.remove();
    };
  },
};
