// The overview map of the trails list: every matching trail as its simplified line, on one canvas.
// The trails of the page on screen are drawn a little stronger and on top; a card hovered or
// focused lights its line up; a line or start clicked opens a popup linking to the trail.
//
// Thousands of lines stay smooth because nothing here is a DOM node: one canvas renderer draws
// them, one layer group listens for all of them, and one popup and one tooltip are reused.
// Start dots only appear once zoomed in far enough to tell the trails apart.
import {h} from '../../lib/dom.js';
import {L, createMap, trackPoints, TRACK_COLOR} from '../../lib/map.js';

const HIGHLIGHT_COLOR = '#1d4ed8';
const START_COLOR = '#15803d';
const FIT_MAX_ZOOM = 14;
// From this zoom on every line gets a dot at its start; below it they would only be clutter.
const START_ZOOM = 12;

const LINE = {color: TRACK_COLOR, weight: 3, opacity: 0.85};
// Leaflet drops points closer than this many pixels: an overview needs no more, and it is less
// to draw on every zoom and redraw.
const SMOOTH = 2;
const PAGE_LINE = {color: TRACK_COLOR, weight: 4, opacity: 1};
const HIGHLIGHT_LINE = {color: HIGHLIGHT_COLOR, weight: 6, opacity: 1};
const CASING = {color: '#fff', weight: 7, opacity: 0.9, interactive: false};

const trailName = (trail) => trail.name || 'Unnamed trail';

function popupContent(trail) {
  return h(
    'div',
    {class: 'trails-map-popup'},
    h('a', {href: `/trail/${encodeURIComponent(trail.id)}`}, trailName(trail)),
    trail.location ? h('div', {class: 'muted'}, trail.location) : null,
  );
}

function startOf(trail, points) {
  if (points.length) return points[0];
  const lat = Number(trail.lat);
  const lon = Number(trail.lon);
  // 0,0 is what a trail without a track holds, not a real start in the Gulf of Guinea.
  return Number.isFinite(lat) && Number.isFinite(lon) && (lat || lon) ? [lat, lon] : null;
}

// A note over the map's corner (how many trails it shows, loading, a failure with a retry).
const Note = L.Control.extend({
  options: {position: 'bottomleft'},
  onAdd() {
    // Always in the page (empty it takes no room), so screen readers hear what it comes to say.
    this.box = h('div', {class: 'trails-map-note', role: 'status', 'aria-live': 'polite'});
    // Clicks and scrolls on the note's button are not the map's.
    L.DomEvent.disableClickPropagation(this.box);
    L.DomEvent.disableScrollPropagation(this.box);
    return this.box;
  },
  show(children) {
    const parts = (Array.isArray(children) ? children : [children]).filter((c) => c !== null && c !== undefined && c !== '');
    this.box.replaceChildren(...parts);
  },
});

// createTrailsMap(element, {onHover(id|null)}) -> {setAll, setPage, fit, highlight, note, resize, remove}
// setAll(trails, {fit}) draws the set of all matching trails (null: none known yet); setPage(trails)
// marks the page's trails, drawing any the set lacks. onHover tells which line the pointer is on.
export function createTrailsMap(element, {onHover} = {}) {
  // A wider hit area than the 3 px lines, for fingers and shaky hands.
  const renderer = L.canvas({tolerance: 5});
  const map = createMap(element, {preferCanvas: true, renderer});
  const lines = L.featureGroup().addTo(map);
  const starts = L.featureGroup();
  const popup = L.popup({maxWidth: 260});
  const tooltip = L.tooltip({direction: 'top', offset: [0, -6], opacity: 0.95});
  const note = new Note().addTo(map);
  // id -> {trail, points, line, casing, marker, inAll, inPage}
  const drawn = new Map();
  let highlighted = null;
  let hovered = null;

  // --- Drawing ---

  // An entry's line and start are made apart from reading its points, so a new set's view can
  // be fitted before its lines are drawn (else the canvas draws them all twice).
  function entryFor(trail) {
    const points = trackPoints(trail.preview || trail.sketch || trail.polyline || '');
    return {trail, points, line: null, casing: null, marker: null, inAll: false, inPage: false};
  }

  function create(trail, entry = entryFor(trail)) {
    const {points} = entry;
    if (points.length > 1) {
      entry.line = L.polyline(points, {...LINE, smoothFactor: SMOOTH, renderer});
      entry.line.trailId = trail.id;
      lines.addLayer(entry.line);
    }
    const start = startOf(trail, points);
    if (start) {
      // Without a line the dot is all there is of the trail, so it is always shown.
      entry.marker = L.circleMarker(start, {renderer, radius: entry.line ? 4 : 6, color: '#fff', weight: entry.line ? 1.5 : 2, fillColor: START_COLOR, fillOpacity: 1});
      entry.marker.trailId = trail.id;
      (entry.line ? starts : lines).addLayer(entry.marker);
    }
    drawn.set(trail.id, entry);
    return entry;
  }

  function discard(id) {
    const entry = drawn.get(id);
    if (!entry) return;
    for (const layer of [entry.casing, entry.line]) if (layer) lines.removeLayer(layer);
    if (entry.marker) (entry.line ? starts : lines).removeLayer(entry.marker);
    if (highlighted === id) highlighted = null;
    drawn.delete(id);
  }

  // The page's lines get a white casing and a stronger stroke, and sit above the others.
  function styleOf(entry) {
    return entry.trail.id === highlighted ? HIGHLIGHT_LINE : entry.inPage ? PAGE_LINE : LINE;
  }

  function restyle(entry) {
    if (!entry.line) return;
    const raised = entry.inPage || entry.trail.id === highlighted;
    if (raised && !entry.casing) {
      entry.casing = L.polyline(entry.points, {...CASING, smoothFactor: SMOOTH, renderer});
      lines.addLayer(entry.casing);
    } else if (!raised && entry.casing) {
      lines.removeLayer(entry.casing);
      entry.casing = null;
    }
    const style = styleOf(entry);
    entry.line.setStyle(style);
    if (entry.casing) entry.casing.setStyle({weight: style.weight + 3});
    if (raised) {
      entry.casing.bringToFront();
      entry.line.bringToFront();
      // The start dot stays visible on its own line.
      if (entry.marker && map.hasLayer(entry.marker)) entry.marker.bringToFront();
    }
  }

  function raisePage() {
    for (const entry of drawn.values()) if (entry.inPage) restyle(entry);
    if (highlighted) restyle(drawn.get(highlighted));
  }

  function showStarts() {
    const wanted = map.getZoom() >= START_ZOOM;
    if (wanted === map.hasLayer(starts)) return;
    if (!wanted) {
      starts.remove();
      return;
    }
    starts.addTo(map);
    // Above the other lines, but under the page's, which lift their own dots again.
    raisePage();
  }
  map.on('zoomend', showStarts);

  // --- Pointer ---

  function trailOf(event) {
    const layer = event.propagatedFrom || event.layer;
    return layer ? drawn.get(layer.trailId)?.trail : null;
  }

  function onClick(event) {
    const trail = trailOf(event);
    if (!trail) return;
    map.closeTooltip(tooltip);
    popup.setLatLng(event.latlng).setContent(popupContent(trail)).openOn(map);
  }

  function onOver(event) {
    const trail = trailOf(event);
    if (!trail) return;
    hovered = trail.id;
    highlight(trail.id, true);
    tooltip.setContent(h('span', null, trailName(trail)));
    map.openTooltip(tooltip, event.latlng);
    onHover?.(trail.id);
  }

  function onOut(event) {
    const trail = trailOf(event);
    if (!trail || hovered !== trail.id) return;
    hovered = null;
    highlight(trail.id, false);
    map.closeTooltip(tooltip);
    onHover?.(null);
  }

  for (const group of [lines, starts]) {
    group.on('click', onClick);
    group.on('mouseover', onOver);
    group.on('mouseout', onOut);
    group.on('mousemove', (event) => tooltip.setLatLng(event.latlng));
  }

  function highlight(id, on) {
    const previous = highlighted;
    if (on) highlighted = id;
    else if (highlighted === id) highlighted = null;
    else return;
    const dimmed = drawn.get(on ? previous : id);
    if (dimmed && previous !== highlighted) restyle(dimmed);
    if (on && drawn.has(id)) restyle(drawn.get(id));
    // A line of the rest, raised over the page's while lit, goes back under them (to the
    // bottom: raising the page's lines instead would redraw the whole canvas).
    if (dimmed && !dimmed.inPage && dimmed.trail.id !== highlighted) dimmed.line?.bringToBack();
  }

  function extend(box, entry) {
    if (entry.line) box.extend(entry.line.getBounds());
    else if (entry.points.length) box.extend(L.latLngBounds(entry.points));
    else if (entry.marker) box.extend(entry.marker.getLatLng());
    else {
      const start = startOf(entry.trail, entry.points);
      if (start) box.extend(start);
    }
  }

  function fitTo(box) {
    map.invalidateSize();
    if (!box.isValid()) return false;
    map.fitBounds(box, {padding: [24, 24], maxZoom: FIT_MAX_ZOOM, animate: false});
    showStarts();
    return true;
  }

  return {
    // With `fit`, the view is fitted to the new set (and the page's trails) before anything
    // changes on the canvas: a redraw asked for before the fit's own would run as well.
    setAll(trails, {fit = false} = {}) {
      const list = Array.isArray(trails) ? trails : [];
      const wanted = new Set(list.map((t) => t.id));
      const fresh = list.filter((trail) => !drawn.has(trail.id)).map(entryFor);
      let fitted = false;
      if (fit) {
        const box = L.latLngBounds([]);
        for (const [id, entry] of drawn) if (entry.inPage || wanted.has(id)) extend(box, entry);
        for (const entry of fresh) extend(box, entry);
        fitted = fitTo(box);
      }
      for (const [id, entry] of drawn) {
        if (entry.inAll && !wanted.has(id)) {
          if (entry.inPage) entry.inAll = false;
          else discard(id);
        }
      }
      // The canvas draws once, in the next frame, however many lines were added meanwhile.
      for (const entry of fresh) create(entry.trail, entry);
      for (const trail of list) drawn.get(trail.id).inAll = true;
      raisePage();
      return fitted;
    },
    setPage(trails) {
      const ids = new Set(trails.map((t) => t.id));
      for (const [id, entry] of drawn) {
        if (!entry.inPage || ids.has(id)) continue;
        entry.inPage = false;
        if (entry.inAll) restyle(entry);
        else discard(id);
      }
      for (const trail of trails) {
        let entry = drawn.get(trail.id);
        // A trail drawn from its sketch is drawn again from the finer preview the cards bring.
        if (entry && trail.preview && !entry.trail.preview) {
          const {inAll} = entry;
          discard(trail.id);
          entry = create(trail);
          entry.inAll = inAll;
        }
        entry = entry || create(trail);
        // The page's copy has more to tell in the popup (its place).
        entry.trail = trail;
        entry.inPage = true;
        restyle(entry);
      }
    },
    // Shows every line drawn; false when there is nothing to show.
    fit() {
      const box = L.latLngBounds([]);
      for (const entry of drawn.values()) extend(box, entry);
      return fitTo(box);
    },
    highlight,
    note(children) {
      note.show(children);
    },
    resize() {
      map.invalidateSize();
    },
    remove() {
      map.remove();
    },
  };
}
