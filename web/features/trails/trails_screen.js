// The trails list (`/` and `/trails`): search, filters, sort and pages of trail cards, with an
// overview map of every matching trail (not only the page's). Everything the visitor chose lives
// in the URL's query, so reload, back/forward and shared links show the same list.
//
// The cards come first: the map's trails (light records, up to MAP_CAP) are asked for once the
// cards are on screen, and only while the map is; paging through the cards keeps them.
import {scrollBehavior} from '../../lib/motion.js';
import {h, replace} from '../../lib/dom.js';
import {trails} from '../../lib/resources.js';
import {signInHref} from '../../lib/session.js';
import {pagination} from '../../lib/pagination.js';
import {trailCard} from './trail_card.js';
import {NARROW, trailsFilters} from './filters.js';
import {PER_PAGE, buildFilter, emptyState, hasFilters, listQuery, mapCapNote, mapRequest, mergeTrails, queryFromState, stateFromQuery} from './query.js';

// Side by side from here; below it the map is stacked above the cards and can be folded away.
const WIDE = '(min-width: 960px)';
const MAP_PREF = 'cairn.trails.map';
// A map request slower than this says that it is loading.
const MAP_LOADING_DELAY = 400;

// Set once a server answers `fields` without `preview`: the cards then ask for `polyline`.
let serverLacksPreview = false;

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
    // The cards' answer on screen, for the map: {state, total, request}; null while none.
    let listed = null;
    let mapView = null;
    let mapLoading = false;
    // The map's own set: the last fetched ({key, filter, trails}), the request under way
    // ({key, controller}), the key of the set drawn, and the filter the view was last fitted to.
    let mapSet = null;
    let mapPending = null;
    let mapDrawnKey = null;
    let fittedFilter = null;
    let mapFailed = null;
    let disposed = false;
    const wide = matchMedia(WIDE);

    const filters = trailsFilters({
      state,
      signedIn: Boolean(me),
      units,
      onChange(values, {typed}) {
        state = {...state, ...values, page: 1};
        commit({typed});
      },
      onClear: clearFilters,
    });

    // Results
    const errorBox = h('div', {class: 'form-error', role: 'alert', hidden: true});
    const count = h('p', {class: 'trails-count', role: 'status', 'aria-live': 'polite', tabindex: '-1'});
    const list = h('ul', {class: 'trail-grid', 'aria-label': 'Trails'});
    const empty = h('div', {class: 'empty', hidden: true});
    const pager = h('nav', {class: 'pagination', 'aria-label': 'Pagination', hidden: true});
    const results = h('div', {class: 'trails-results'}, count, list, empty, pager);

    // Map
    const mapElement = h('div', {class: 'trails-map', role: 'region', 'aria-label': 'Map of the matching trails'});
    const mapToggle = h('button', {type: 'button', class: 'button trails-map-toggle', 'aria-expanded': 'false'}, 'Show map');
    const mapPanel = h('aside', {class: 'trails-map-panel', 'aria-label': 'Map'}, mapToggle, mapElement);
    // Phones, where the filters fold, start with the map folded too.
    let mapExpanded = (readMapPref() ?? (matchMedia(NARROW).matches ? 'hidden' : 'shown')) === 'shown';

    // "+ New trail" is in the top bar already; a second one here would only repeat it.
    const heading = h('div', {class: 'trails-head'}, h('h1', null, 'Trails'));
    // One grid: the map spans the right column beside everything on wide screens, and sits
    // between the filters and the cards on narrow ones.
    const layout = h('section', {class: 'page trails-page'}, heading, filters.form, errorBox, results, mapPanel);
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
      filters.summarize(state);
      // A blur after typing repeats what the debounce already asked for.
      if (search !== loadedSearch) load();
    }

    function clearFilters() {
      state = {...emptyState(), sort: state.sort};
      filters.show(state);
      commit();
      filters.focusSearch();
    }

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
        // Unfolded or moved beside the cards: a new size and shape, so show everything again.
        mapView.resize();
        mapView.fit();
        loadMap();
        return;
      }
      if (mapLoading) return;
      // Leaflet loads only once a map is on screen: a phone that keeps it folded never fetches it.
      mapLoading = true;
      try {
        const {createTrailsMap} = await import('./overview_map.js');
        if (disposed) return;
        mapView = createTrailsMap(mapElement, {onHover: markCard});
        drawMap();
        loadMap();
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

    wide.addEventListener('change', layoutMap);

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

    // ... and the pointer on a line marks its card, when that card is on this page.
    let markedCard = null;
    function markCard(id) {
      markedCard?.classList.remove('map-hover');
      markedCard = id ? [...list.children].find((card) => card.dataset.id === id) || null : null;
      markedCard?.classList.add('map-hover');
    }

    // The set of all matching trails for the cards on screen: fetched once per filter (and per
    // sort when capped), after the cards, all its requests at once, each id once.
    async function loadMap() {
      if (!listed || !mapVisible() || serverLacksPreview || disposed) return;
      const request = listed.request;
      if (mapSet?.key === request.key || mapPending?.key === request.key) return;
      mapPending?.controller.abort();
      const controller = new AbortController();
      const pending = {key: request.key, controller, slow: false};
      mapPending = pending;
      mapFailed = null;
      const slow = setTimeout(() => {
        pending.slow = true;
        if (mapPending === pending) drawMap();
      }, MAP_LOADING_DELAY);
      try {
        const answers = await Promise.all(request.queries.map((query) => trails.list(query, {signal: controller.signal})));
        if (mapPending !== pending || disposed) return;
        mapSet = {key: request.key, filter: request.filter, trails: mergeTrails(...answers.map((answer) => answer?.items))};
      } catch (error) {
        if (error.name === 'AbortError' || mapPending !== pending || disposed) return;
        mapFailed = {key: request.key, message: error.message};
      } finally {
        clearTimeout(slow);
        if (mapPending === pending) mapPending = null;
      }
      drawMap();
      // Failed for a new filter: the page's trails are all there is to show, so show them
      // (not recorded as fitted, so the whole set is fitted when a retry brings it).
      if (mapFailed?.key === request.key && fittedFilter !== request.filter) mapView?.fit();
    }

    // Aborts the map's request when the list it was for is no longer the one asked for (a page
    // change keeps it: same filter, same set).
    function dropStaleMap(next) {
      if (!mapPending || !listed) return;
      const sameSet = next.filter === listed.request.filter && (!listed.request.capped || next.sort === listed.state.sort);
      if (!sameSet) {
        mapPending.controller.abort();
        mapPending = null;
      }
    }

    // Puts what is known on the map: the whole set when it is the one for these cards, else
    // only the page's trails (the set is on its way, or failed, or the server has no previews).
    function drawMap() {
      if (!mapView) return;
      if (!listed) {
        mapView.setAll(null);
        mapView.setPage([]);
        mapDrawnKey = null;
        mapView.note(null);
        return;
      }
      const request = listed.request;
      const complete = mapSet?.key === request.key;
      // The view follows the filter, not the page: it is fitted to the whole set once that is
      // there (to the page's trails until then, if the view has shown nothing yet).
      if (complete && mapDrawnKey !== request.key) {
        if (mapView.setAll(mapSet.trails, {fit: fittedFilter !== request.filter})) fittedFilter = request.filter;
        mapDrawnKey = request.key;
      } else if (!complete && mapDrawnKey !== null && mapDrawnKey !== request.key) {
        // Lines of the previous filter would be wrong; the page's are right meanwhile.
        mapView.setAll(null);
        mapDrawnKey = null;
      }
      mapView.setPage(items);
      if (!complete && fittedFilter === null) mapView.fit();
      mapView.note(mapNote(request, complete));
    }

    function mapNote(request, complete) {
      if (complete) return request.capped ? mapCapNote(mapSet.trails.length, listed.total) : null;
      if (mapFailed?.key === request.key) {
        return [
          h('span', null, `Only this page's trails are shown: the others could not be loaded. ${mapFailed.message} `),
          h('button', {type: 'button', class: 'button small', onclick: retryMap}, 'Load the map again'),
        ];
      }
      // A server without previews would send every trail's full line: the map keeps to the page.
      if (serverLacksPreview) return "Only this page's trails are shown: this server sends no simplified lines.";
      if (mapPending?.key === request.key && mapPending.slow) return `Loading ${request.count.toLocaleString('en')} trails for the map…`;
      return null;
    }

    function retryMap() {
      mapFailed = null;
      // The button goes away with the note: keep the keyboard's place on the map.
      mapElement.focus({preventScroll: true});
      drawMap();
      loadMap();
    }

    // --- Pages ---

    pager.addEventListener('click', (event) => {
      const link = event.target.closest('a[data-page]');
      if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      state.page = Number(link.dataset.page);
      commit();
      // The clicked link is about to be replaced: put focus and view at the top of the results.
      count.focus({preventScroll: true});
      results.scrollIntoView({block: 'start', behavior: scrollBehavior()});
    });

    // --- Loading ---

    function showEmpty() {
      if (hasFilters(state)) {
        replace(empty, h('p', null, 'No trails match these filters.'), h('button', {type: 'button', class: 'button', onclick: clearFilters}, 'Clear filters'));
      } else if (me) {
        replace(empty, h('p', null, 'There are no trails here yet.'), h('p', null, h('a', {href: '/trail/new', class: 'button primary'}, 'Add your first trail')), h('p', {class: 'muted'}, 'Upload a GPX, KML, TCX, GeoJSON or FIT file from your device or app.'));
      } else {
        replace(empty, h('p', null, 'No public trails yet.'), h('p', null, h('a', {href: signInHref()}, 'Sign in'), ' to see trails shared with you.'));
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
      replace(pager, pagination(state.page, totalPages, hrefFor));
      pager.hidden = totalPages <= 1;
      layout.classList.toggle('no-trails', !items.length);
      listed = {state: {...state}, total, request: mapRequest(state, {units, userId: me, total})};
      drawMap();
      loadMap();
    }

    async function load() {
      controller?.abort();
      const mine = new AbortController();
      controller = mine;
      loadedSearch = queryFromState(state);
      dropStaleMap({filter: buildFilter(state, {units, userId: me}), sort: state.sort});
      results.setAttribute('aria-busy', 'true');
      count.textContent = 'Loading trails…';
      count.classList.remove('visually-hidden');
      try {
        let answer = await trails.list(listQuery(state, {units, userId: me, withPolyline: serverLacksPreview}), {signal: mine.signal});
        const sample = answer.items?.[0];
        if (sample && !('preview' in sample) && !('polyline' in sample) && !serverLacksPreview) {
          // `fields` works but `preview` does not exist yet: ask once more with the full line.
          serverLacksPreview = true;
          answer = await trails.list(listQuery(state, {units, userId: me, withPolyline: true}), {signal: mine.signal});
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
        listed = null;
        drawMap();
      } finally {
        if (controller === mine) results.removeAttribute('aria-busy');
      }
    }

    filters.summarize(state);
    layoutMap();
    load();

    return () => {
      disposed = true;
      controller?.abort();
      mapPending?.controller.abort();
      filters.dispose();
      wide.removeEventListener('change', layoutMap);
      mapView?.remove();
    };
  },
};
