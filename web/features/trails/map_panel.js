// The trails page's map panel: the overview map of every trail matching the filter (not only
// the page's), beside the cards on wide screens and folded above them on narrow ones. Leaflet
// loads only once the map is on screen; the set of trails is fetched after the cards, once per
// filter (and per sort when capped), and while it is on its way the page's trails stand in.
import {h, replace} from '../../lib/dom.js';
import {fetchMapTrails, serverHasPreviews} from './fetch_trails.js';
import {NARROW} from './filters.js';
import {mapCapNote} from './query.js';

// Side by side from here; below it the map is stacked above the cards and can be folded away.
const WIDE = '(min-width: 960px)';
const MAP_PREF = 'cairn.trails.map';
// A map request slower than this says that it is loading.
const LOADING_DELAY = 400;

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

// mapPanel({onHover(id|null)}) -> {element, start(), show(listed), dropStale(next), highlight(id, on), dispose()}
// show({state, total, request, items}) gives the cards on screen (query.js mapRequest's request
// for them, and their trails), or null when there are none to show; dropStale({filter, sort})
// says which list is asked for next, so a set fetched for another filter is not waited for.
// onHover tells which trail's line the pointer is on.
export function mapPanel({onHover}) {
  const mapElement = h('div', {class: 'trails-map', role: 'region', 'aria-label': 'Map of the matching trails'});
  const toggle = h('button', {type: 'button', class: 'button trails-map-toggle', 'aria-expanded': 'false'}, 'Show map');
  const element = h('aside', {class: 'trails-map-panel', 'aria-label': 'Map'}, toggle, mapElement);
  const wide = matchMedia(WIDE);
  // Phones, where the filters fold, start with the map folded too.
  let expanded = (readMapPref() ?? (matchMedia(NARROW).matches ? 'hidden' : 'shown')) === 'shown';
  let mapView = null;
  let loadingLeaflet = false;
  let disposed = false;
  // The cards' answer on screen ({state, total, request, items}); null while none.
  let listed = null;
  // The map's own set: the last fetched ({key, filter, trails}), the request under way
  // ({key, controller, slow}), the key of the set drawn, the filter the view was last fitted to,
  // and the last failure ({key, message}).
  let mapSet = null;
  let pending = null;
  let drawnKey = null;
  let fittedFilter = null;
  let failed = null;

  const visible = () => wide.matches || expanded;

  async function layout() {
    element.classList.toggle('folded', !visible());
    toggle.textContent = expanded ? 'Hide map' : 'Show map';
    toggle.setAttribute('aria-expanded', String(expanded));
    if (!visible()) return;
    if (mapView) {
      // Unfolded or moved beside the cards: a new size and shape, so show everything again.
      mapView.resize();
      mapView.fit();
      loadSet();
      return;
    }
    if (loadingLeaflet) return;
    // A phone that keeps the map folded never fetches Leaflet.
    loadingLeaflet = true;
    try {
      const {createTrailsMap} = await import('./overview_map.js');
      if (disposed) return;
      mapView = createTrailsMap(mapElement, {onHover});
      draw();
      loadSet();
    } catch (error) {
      console.error(error);
      replace(mapElement, h('p', {class: 'muted trails-map-failed'}, `The map could not be loaded: ${error.message}`));
    } finally {
      loadingLeaflet = false;
    }
  }

  toggle.addEventListener('click', () => {
    expanded = !expanded;
    writeMapPref(expanded ? 'shown' : 'hidden');
    layout();
  });
  wide.addEventListener('change', layout);

  // The set of all matching trails for the cards on screen: all its requests at once.
  async function loadSet() {
    if (!listed || !visible() || !serverHasPreviews() || disposed) return;
    const {request} = listed;
    if (mapSet?.key === request.key || pending?.key === request.key) return;
    pending?.controller.abort();
    const mine = {key: request.key, controller: new AbortController(), slow: false};
    pending = mine;
    failed = null;
    const slow = setTimeout(() => {
      mine.slow = true;
      if (pending === mine) draw();
    }, LOADING_DELAY);
    try {
      const trails = await fetchMapTrails(request, mine.controller.signal);
      if (pending !== mine || disposed) return;
      mapSet = {key: request.key, filter: request.filter, trails};
    } catch (error) {
      if (error.name === 'AbortError' || pending !== mine || disposed) return;
      failed = {key: request.key, message: error.message};
    } finally {
      clearTimeout(slow);
      if (pending === mine) pending = null;
    }
    draw();
    // Failed for a new filter: the page's trails are all there is to show, so show them
    // (not recorded as fitted, so the whole set is fitted when a retry brings it).
    if (failed?.key === request.key && fittedFilter !== request.filter) mapView?.fit();
  }

  // Puts what is known on the map: the whole set when it is the one for these cards, else
  // only the page's trails (the set is on its way, or failed, or the server has no previews).
  function draw() {
    if (!mapView) return;
    if (!listed) {
      mapView.setAll(null);
      mapView.setPage([]);
      drawnKey = null;
      mapView.note(null);
      return;
    }
    const {request} = listed;
    const complete = mapSet?.key === request.key;
    // The view follows the filter, not the page: it is fitted to the whole set once that is
    // there (to the page's trails until then, if the view has shown nothing yet).
    if (complete && drawnKey !== request.key) {
      if (mapView.setAll(mapSet.trails, {fit: fittedFilter !== request.filter})) fittedFilter = request.filter;
      drawnKey = request.key;
    } else if (!complete && drawnKey !== null && drawnKey !== request.key) {
      // Lines of the previous filter would be wrong; the page's are right meanwhile.
      mapView.setAll(null);
      drawnKey = null;
    }
    mapView.setPage(listed.items);
    if (!complete && fittedFilter === null) mapView.fit();
    mapView.note(note(request, complete));
  }

  function note(request, complete) {
    if (complete) return request.capped ? mapCapNote(mapSet.trails.length, listed.total) : null;
    if (failed?.key === request.key) {
      return [
        h('span', null, `Only this page's trails are shown: the others could not be loaded. ${failed.message} `),
        h('button', {type: 'button', class: 'button small', onclick: retry}, 'Load the map again'),
      ];
    }
    if (!serverHasPreviews()) return "Only this page's trails are shown: this server sends no simplified lines.";
    if (pending?.key === request.key && pending.slow) return `Loading ${request.count.toLocaleString('en')} trails for the map…`;
    return null;
  }

  function retry() {
    failed = null;
    // The button goes away with the note: keep the keyboard's place on the map.
    mapElement.focus({preventScroll: true});
    draw();
    loadSet();
  }

  return {
    element,
    start: layout,
    show(next) {
      listed = next;
      draw();
      loadSet();
    },
    // A page change keeps the set under way: same filter, same set.
    dropStale(next) {
      if (!pending || !listed) return;
      const sameSet = next.filter === listed.request.filter && (!listed.request.capped || next.sort === listed.state.sort);
      if (!sameSet) {
        pending.controller.abort();
        pending = null;
      }
    },
    highlight(id, on) {
      mapView?.highlight(id, on);
    },
    dispose() {
      disposed = true;
      pending?.controller.abort();
      wide.removeEventListener('change', layout);
      mapView?.remove();
    },
  };
}
