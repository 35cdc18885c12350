// The trails page's map panel: the overview map of the matching trails that cross its area (not
// only the page's, and not only those starting in view), beside the cards on wide screens and
// folded above them on narrow ones. Leaflet loads only once the map is on screen. The map first
// opens where the URL says, else on the box around every trail the viewer may see (then framed to
// the matching trails found there); each pan or zoom that leaves the area fetched asks for the
// trails of the new one (with a margin, so small moves ask for nothing), and while a set is on
// its way the page's trails stand in.
import {h, replace} from '../../lib/dom.js';
import {fetchMapTrails, fetchTrailsBox, serverHasPreviews} from './fetch_trails.js';
import {NARROW} from './filters.js';
import {boxContains, formatMapPosition, padBox} from './map_area.js';
import {mapCapNote} from './query.js';

// Side by side from here; below it the map is stacked above the cards and can be folded away.
const WIDE = '(min-width: 960px)';
const MAP_PREF = 'cairn.trails.map';
// A map request slower than this says that it is loading.
const LOADING_DELAY = 400;
// A pan or zoom settles for this long before the trails of the new area are asked for.
const MOVE_DELAY = 250;
// The area asked for is the view grown by this much of its size on each side.
const AREA_MARGIN = 0.25;

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

// mapPanel({position, onHover(id|null), onMove(position)}) ->
//   {element, start(), show(listed), dropStale(next), highlight(id, on), dispose()}
// `position` is where the URL puts the map (map_area.js parseMapPosition), or null. show({state,
// total, items, requestFor(box)}) gives the cards on screen (their trails, how many match, and
// query.js mapRequest for an area), or null when there are none to show; dropStale({filter, q,
// completed, sort}) says which list is asked for next, so a set fetched for another filter is not waited
// for. onHover tells which trail's line the pointer is on; onMove gives the URL's `map` value
// after the visitor moved the map.
export function mapPanel({position = null, onHover, onMove}) {
  const mapElement = h('div', {class: 'trails-map', role: 'region', 'aria-label': 'Map of the matching trails'});
  const toggle = h('button', {type: 'button', class: 'button trails-map-toggle', 'aria-expanded': 'false'}, 'Show map');
  const element = h('aside', {class: 'trails-map-panel', 'aria-label': 'Map'}, toggle, mapElement);
  const wide = matchMedia(WIDE);
  // Phones, where the filters fold, start with the map folded too.
  let expanded = (readMapPref() ?? (matchMedia(NARROW).matches ? 'hidden' : 'shown')) === 'shown';
  let mapView = null;
  let loadingLeaflet = false;
  let disposed = false;
  // The cards' answer on screen ({state, total, items, requestFor}); null while none.
  let listed = null;
  // The first view: decided (from the URL, the trails' box, or the page's trails), and whether
  // the visitor placed the map (the URL's position, or a pan or zoom of theirs).
  let viewReady = false;
  let placed = Boolean(position);
  let fitPageWhenListed = false;
  let fitSetWhenLoaded = false;
  let trailsBox = null;
  const boxController = new AbortController();
  // The area last asked for ({box, zoom, capped}), the last set fetched ({key, setKey, trails,
  // total}), the request under way ({key, controller, slow}), the key of the set drawn, and the
  // last failure ({key, message}).
  let area = null;
  let mapSet = null;
  let pending = null;
  let drawnKey = null;
  let failed = null;
  let moveTimer = 0;

  const visible = () => wide.matches || expanded;

  async function layout() {
    element.classList.toggle('folded', !visible());
    toggle.textContent = expanded ? 'Hide map' : 'Show map';
    toggle.setAttribute('aria-expanded', String(expanded));
    if (!visible()) return;
    if (mapView) {
      // Unfolded or moved beside the cards: a new size, maybe a larger area to fill.
      mapView.resize();
      loadSet();
      return;
    }
    if (loadingLeaflet) return;
    // A phone that keeps the map folded never fetches Leaflet, nor the trails' box.
    loadingLeaflet = true;
    if (!position) trailsBox ||= fetchTrailsBox(boxController.signal);
    try {
      const {createTrailsMap} = await import('./overview_map.js');
      if (disposed) return;
      mapView = createTrailsMap(mapElement, {onHover, onMove: moved});
      draw();
      openView();
    } catch (error) {
      console.error(error);
      replace(mapElement, h('p', {class: 'muted trails-map-failed'}, `The map could not be loaded: ${error.message}`));
    } finally {
      loadingLeaflet = false;
    }
  }

  // The first view: the URL's position, else the box around every trail the viewer may see, else
  // (no trails, or a server without the box) the page's trails once they are there.
  async function openView() {
    if (position) {
      mapView.setPosition(position);
    } else {
      let box = null;
      try {
        box = await trailsBox;
      } catch (error) {
        if (error.name === 'AbortError') return;
        console.warn(`The trails' box could not be loaded: ${error.message}`);
      }
      if (disposed) return;
      // The visitor moved the map meanwhile: theirs is the view. Else the box's area is asked
      // for, and the view then framed to the matching trails that come for it (a filter in the
      // URL may match a few of many).
      if (!placed) {
        fitSetWhenLoaded = true;
        if (box && box.east <= 180) {
          mapView.fitBox(box);
        } else if (!mapView.fit()) {
          // No box, or one across the antimeridian: the map draws each trail at its own
          // longitude (no copies of the world), so that box's side of it may be empty. The
          // page's trails when they come, the whole world's longitudes meanwhile.
          if (box) mapView.fitBox({...box, west: -180, east: 180});
          fitPageWhenListed = true;
        }
      }
    }
    viewReady = true;
    loadSet();
  }

  toggle.addEventListener('click', () => {
    expanded = !expanded;
    writeMapPref(expanded ? 'shown' : 'hidden');
    layout();
  });
  wide.addEventListener('change', layout);

  // Every settled move: the visitor's is kept in the URL; any may need a new area's trails.
  function moved(view, {byUser}) {
    if (byUser) {
      placed = true;
      fitPageWhenListed = false;
      fitSetWhenLoaded = false;
      onMove?.(formatMapPosition(view));
    }
    clearTimeout(moveTimer);
    moveTimer = setTimeout(loadSet, MOVE_DELAY);
  }

  // The area for the view now: the one asked for while it still covers the view (and, when
  // capped, the zoom is the same: zoomed in, a capped set has others to show), else a new one.
  function areaFor(view) {
    if (area && boxContains(area.box, view.box) && !(area.capped && area.zoom !== view.zoom)) return area;
    return {box: padBox(view.box, AREA_MARGIN), zoom: view.zoom, capped: false};
  }

  // The matching trails of the map's area: all their requests as soon as the count is known.
  async function loadSet() {
    if (!listed || !mapView || !viewReady || !visible() || !serverHasPreviews() || disposed) return;
    const wanted = areaFor(mapView.view());
    const request = listed.requestFor(wanted.box);
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
      const {trails, total} = await fetchMapTrails(request, mine.controller.signal);
      if (pending !== mine || disposed) return;
      area = {...wanted, capped: total > trails.length};
      mapSet = {key: request.key, setKey: request.setKey, trails, total};
    } catch (error) {
      if (error.name === 'AbortError' || pending !== mine || disposed) return;
      failed = {key: request.key, message: error.message};
    } finally {
      clearTimeout(slow);
      if (pending === mine) pending = null;
    }
    draw();
    // A filter with nothing here but trails elsewhere, and the map not placed by the visitor:
    // show the page's trails rather than an empty map.
    const loaded = mapSet?.key === request.key;
    if (loaded && !mapSet.trails.length && listed?.items.length && !placed) mapView.fit();
    else if (loaded && fitSetWhenLoaded && !placed) mapView.fit();
    if (loaded) fitSetWhenLoaded = false;
  }

  // Puts what is known on the map: the set of the current filter (of this area, or of the last
  // one while the new one is on its way) and the page's trails.
  function draw() {
    if (!mapView) return;
    if (!listed) {
      mapView.setAll(null);
      mapView.setPage([]);
      drawnKey = null;
      mapView.note(null);
      return;
    }
    const current = listed.requestFor(null).setKey;
    const ofFilter = mapSet?.setKey === current;
    if (ofFilter && drawnKey !== mapSet.key) {
      mapView.setAll(mapSet.trails);
      drawnKey = mapSet.key;
    } else if (!ofFilter && drawnKey !== null) {
      // Lines of the previous filter would be wrong; the page's are right meanwhile.
      mapView.setAll(null);
      drawnKey = null;
    }
    mapView.setPage(listed.items);
    if (fitPageWhenListed && listed.items.length && mapView.fit()) fitPageWhenListed = false;
    mapView.note(note(ofFilter));
  }

  function note(ofFilter) {
    if (failed) {
      return [
        h('span', null, `Only this page's trails are shown: the others could not be loaded. ${failed.message} `),
        h('button', {type: 'button', class: 'button small', onclick: retry}, 'Load the map again'),
      ];
    }
    if (!serverHasPreviews()) return "Only this page's trails are shown: this server sends no simplified lines.";
    if (pending?.slow) return 'Loading the trails of this area…';
    if (ofFilter) return mapCapNote(mapSet.trails.length, mapSet.total) || null;
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
      const request = listed.requestFor(null);
      const sameSet = next.filter === request.filter && next.q === request.q && next.completed === request.completed && (!request.mayCap || next.sort === listed.state.sort);
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
      clearTimeout(moveTimer);
      boxController.abort();
      pending?.controller.abort();
      wide.removeEventListener('change', layout);
      mapView?.remove();
    },
  };
}
