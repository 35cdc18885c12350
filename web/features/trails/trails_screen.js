// The trails list (`/` and `/trails`): search, filters, sort and pages of trail cards, with an
// overview map of the matching trails in its area (not only the page's). Everything the visitor
// chose lives in the URL's query, the map's position too, so reload, back/forward and shared
// links show the same list and map.
//
// The screen holds the state and wires its parts: filters.js (the form), results.js (count,
// cards, pages), map_panel.js (the overview map) and fetch_trails.js (the requests). The cards
// come first; the map's trails are asked for once the cards are on screen.
import {h} from '../../lib/dom.js';
import {fetchTrailsPage} from './fetch_trails.js';
import {trailsFilters} from './filters.js';
import {mapPanel} from './map_panel.js';
import {parseMapPosition} from './map_area.js';
import {buildFilter, completedParam, emptyState, listQuery, listSearch, mapRequest, queryFromState, stateFromQuery, wordsParam} from './query.js';
import {trailResults} from './results.js';
import {trailSelection} from './selection.js';
import {trails} from '../../lib/resources.js';

// Every trail matching `state` as {id, name}, a page of 500 at a time: "Select all matching"
// acts on the whole filter's result, never on trails the list would not show.
async function matchingTrails(state, viewer, signal) {
  const out = [];
  for (let page = 1; ; page += 1) {
    const query = {...listQuery({...state, page}, viewer), perPage: 500, fields: 'id,name', skipTotal: true};
    delete query.expand;
    const answer = await trails.list(query, {signal});
    const items = answer.items || [];
    out.push(...items.map((t) => ({id: t.id, name: t.name})));
    if (items.length < 500) return out;
  }
}

// Every change of the list adds a history entry so Back undoes it, except that one burst of
// typing (several debounced searches) shares a single entry. write(search, {push, typed}).
function urlWriter() {
  let typing = false;
  return function write(search, {push = true, typed = false} = {}) {
    const url = location.pathname + search;
    if (url !== location.pathname + location.search) {
      if (push && !(typed && typing)) history.pushState(null, '', url);
      else history.replaceState(null, '', url);
    }
    typing = typed;
  };
}

export default {
  render(ctx) {
    const {view, session} = ctx;
    document.title = 'Trails · Cairn';
    const viewer = {units: session.units, userId: session.user?.id || ''};
    let state = stateFromQuery(ctx.query, {signedIn: Boolean(viewer.userId)});
    let controller = null;
    // The query of the list on screen (or being fetched); null after an error, so a retry runs.
    let loadedSearch = null;
    let disposed = false;
    const writeUrl = urlWriter();

    const filters = trailsFilters({
      state,
      signedIn: Boolean(viewer.userId),
      units: viewer.units,
      onChange(values, {typed}) {
        state = {...state, ...values, page: 1};
        commit({typed});
      },
      onClear: clearFilters,
    });
    const results = trailResults({
      units: viewer.units,
      me: viewer.userId,
      hrefFor: (page) => location.pathname + queryFromState({...state, page}),
      onPage(page) {
        state = {...state, page};
        commit();
      },
      onClear: clearFilters,
      onHover: (id, on) => map.highlight(id, on),
    });
    const map = mapPanel({
      position: parseMapPosition(state.map),
      onHover: (id) => results.markCard(id),
      // Where the visitor left the map replaces the URL (Back leaves the page, not a pan).
      onMove(position) {
        state = {...state, map: position};
        writeUrl(queryFromState(state), {push: false});
      },
    });

    let total = 0;
    // Selecting many trails to act on them is for signed-in people (every action is a change).
    const selection = viewer.userId
      ? trailSelection({
          me: viewer.userId,
          collectIds: (signal) => matchingTrails(state, viewer, signal),
          total: () => total,
          onChanged: () => load(),
        })
      : null;
    // "+ New trail" is in the top bar already; a second one here would only repeat it.
    const heading = h('div', {class: 'trails-head'}, h('h1', null, 'Trails'), selection?.toggle);
    // One grid: the map spans the right column beside everything on wide screens, and sits
    // between the filters and the cards on narrow ones.
    const layout = h('section', {class: 'page trails-page'}, heading, filters.form, results.errorBox, results.element, map.element);
    // The bar sticks to the bottom of the results while they scroll past.
    if (selection) results.element.append(selection.bar);
    view.append(layout);

    // Puts the state in the URL and the form's summary, and loads the list if it changed.
    function commit({push = true, typed = false} = {}) {
      const search = queryFromState(state);
      writeUrl(search, {push, typed});
      filters.summarize(state);
      // A blur after typing repeats what the debounce already asked for.
      if (listSearch(state) !== loadedSearch) load();
    }

    function clearFilters() {
      state = {...emptyState(), sort: state.sort, map: state.map};
      filters.show(state);
      commit();
      filters.focusSearch();
    }

    function showTrails(answer) {
      const items = results.show(answer, state);
      layout.classList.toggle('no-trails', !items.length);
      total = Number(answer.totalItems) || 0;
      selection?.decorate(results.element.querySelector('.trail-grid'), items);
      const shown = {...state};
      map.show({state: shown, total, items, requestFor: (box) => mapRequest(shown, {...viewer, total, box})});
    }

    function showFailure(error) {
      loadedSearch = null;
      results.failed(error.message, () => load());
      layout.classList.add('no-trails');
      map.show(null);
    }

    async function load() {
      controller?.abort();
      const mine = new AbortController();
      controller = mine;
      loadedSearch = listSearch(state);
      map.dropStale({filter: buildFilter(state, viewer), q: wordsParam(state) || '', completed: completedParam(state, viewer) || '', sort: state.sort});
      results.loading();
      try {
        const answer = await fetchTrailsPage(state, viewer, mine.signal);
        if (controller !== mine || disposed) return;
        // A page past the end (an old link, or trails deleted meanwhile): show the last one.
        if (!answer.items?.length && answer.totalItems > 0 && state.page > 1) {
          state = {...state, page: Math.max(1, Number(answer.totalPages) || 1)};
          commit({push: false});
          return;
        }
        showTrails(answer);
      } catch (error) {
        if (error.name === 'AbortError' || controller !== mine || disposed) return;
        showFailure(error);
      }
    }

    filters.summarize(state);
    map.start();
    load();

    return () => {
      disposed = true;
      controller?.abort();
      filters.dispose();
      map.dispose();
      selection?.dispose();
    };
  },
};
