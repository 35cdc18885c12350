// The overview map of the trails list: every matching trail as its simplified line, on one canvas,
// or, where its line is too small to see at the zoom (trail_markers.js), as a marker at its start;
// markers that crowd gather into a cluster with a count (Leaflet.markercluster, from Debian's
// libjs-leaflet.markercluster), which a click or Enter zooms into. The trails of the page on
// screen are drawn a little stronger and on top; a card hovered or focused lights its line or
// marker up; a line, start or marker clicked (a marker also with Enter) opens a popup linking to
// the trail.
//
// Thousands of lines stay smooth because none of them is a DOM node: one canvas renderer draws
// them, one layer group listens for all of them, and one popup and one tooltip are reused. Markers
// are DOM nodes, but the cluster group keeps only those in view, unclustered, in the page.
// Start dots only appear once zoomed in far enough to tell the lines apart.
import {h} from '../../lib/dom.js';
import {L, createMap, TRACK_COLOR} from '../../lib/map.js';
import {reducedMotion} from '../../lib/motion.js';
import {MarkerClusterGroup} from '../../vendor/leaflet/leaflet.markercluster.esm.min.js';
import {clusterIconFor} from '../../lib/cluster_icon.js';
import {lineParts, linePoints, markerPosition, tooSmallAt, trackBox} from './trail_markers.js';

const HIGHLIGHT_COLOR = '#1d4ed8';
const START_COLOR = '#15803d';
const FIT_MAX_ZOOM = 14;
// From this zoom on every line gets a dot at its start; below it they would only be clutter.
const START_ZOOM = 12;
// Markers closer than this many pixels share a cluster.
const CLUSTER_RADIUS = 60;
// A move ending this long after the visitor's last touch of the map is still theirs (a zoom's
// animation, a drag's inertia).
const HAND_MS = 1500;

const LINE = {color: TRACK_COLOR, weight: 3, opacity: 0.85};
// Leaflet drops points closer than this many pixels: an overview needs no more, and it is less
// to draw on every zoom and redraw.
const SMOOTH = 2;
const PAGE_LINE = {color: TRACK_COLOR, weight: 4, opacity: 1};
const HIGHLIGHT_LINE = {color: HIGHLIGHT_COLOR, weight: 6, opacity: 1};
const CASING = {color: '#fff', weight: 7, opacity: 0.9, interactive: false};
// A cluster's outline while the pointer is on it: the trails it stands for.
const COVERAGE = {color: TRACK_COLOR, weight: 1.5, opacity: 0.7, fillOpacity: 0.08, interactive: false};

// A trail's marker: drawn by CSS (trails.css .trail-marker), so no image is fetched; 24 px is
// the target a finger or a shaky hand needs.
const MARKER_ICON = L.divIcon({className: 'trail-marker', html: '', iconSize: [24, 24], iconAnchor: [12, 12]});
// Where a popup's or tooltip's tip points, from the clicked place: on a line, at the pointer;
// on a marker, just above its dot.
const POPUP_OFFSET = {line: [0, 7], marker: [0, -4]};
const TOOLTIP_OFFSET = {line: [0, -6], marker: [0, -12]};

const trailName = (trail) => trail.name || 'Unnamed trail';

function popupContent(trail) {
  return h(
    'div',
    {class: 'trails-map-popup'},
    h('a', {href: `/trail/${encodeURIComponent(trail.id)}`}, trailName(trail)),
    trail.location ? h('div', {class: 'muted'}, trail.location) : null,
  );
}

const clusterIcon = clusterIconFor('trails');

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

// Markers going into and out of the cluster group, handed over at once (one at a time, the
// group would recount its clusters for each).
function markerBatch() {
  const pending = new Map();
  return {
    add(marker) {
      if (pending.get(marker) === 'remove') pending.delete(marker);
      else pending.set(marker, 'add');
    },
    remove(marker) {
      if (pending.get(marker) === 'add') pending.delete(marker);
      else pending.set(marker, 'remove');
    },
    flush(group) {
      const gone = [...pending].filter(([, what]) => what === 'remove').map(([marker]) => marker);
      const come = [...pending].filter(([, what]) => what === 'add').map(([marker]) => marker);
      pending.clear();
      if (gone.length) group.removeLayers(gone);
      if (come.length) group.addLayers(come);
    },
  };
}

// createTrailsMap(element, {onHover(id|null), onMove(view, {byUser})}) ->
//   {setAll, setPage, fit, fitBox, setPosition, view, highlight, note, resize, remove}
// setAll(trails, {fit}) draws the set of the matching trails (null: none known yet); setPage(trails)
// marks the page's trails, drawing any the set lacks. onHover tells which trail the pointer is on;
// onMove, after every move, where the map is now (view()'s {box, zoom, lat, lon}) and whether the
// visitor moved it (not a fit, a position given, or a new size).
export function createTrailsMap(element, {onHover, onMove} = {}) {
  // A wider hit area than the 3 px lines, for fingers and shaky hands.
  const renderer = L.canvas({tolerance: 5});
  const map = createMap(element, {preferCanvas: true, renderer});
  const lines = L.featureGroup().addTo(map);
  const starts = L.featureGroup();
  // Over the lines (the marker pane is above the canvas).
  const markers = new MarkerClusterGroup({
    iconCreateFunction: clusterIcon,
    maxClusterRadius: CLUSTER_RADIUS,
    polygonOptions: COVERAGE,
    animate: !reducedMotion(),
  }).addTo(map);
  const popup = L.popup({maxWidth: 260});
  const tooltip = L.tooltip({direction: 'top', offset: TOOLTIP_OFFSET.line, opacity: 0.95});
  const note = new Note().addTo(map);
  // id -> {trail, points, parts, box, position, line, casing, start, marker, shown, inAll, inPage}
  // `shown` is 'line', 'marker' or null (nowhere to draw it).
  const drawn = new Map();
  let highlighted = null;
  let hovered = null;
  // Above 0 while the map moves itself: Leaflet reports those moves at once (no animation).
  // A move is the visitor's when it follows their hand on the map (a drag, a wheel, a key, a
  // click on a zoom button or a cluster) closely enough: a window resized moves it too.
  let movingItself = 0;
  let handAt = -Infinity;
  for (const type of ['pointerdown', 'wheel', 'keydown', 'touchstart']) {
    element.addEventListener(type, () => {
      handAt = performance.now();
    }, {capture: true, passive: true});
  }
  map.on('drag', () => {
    handAt = performance.now();
  });
  function itself(action) {
    movingItself += 1;
    try {
      return action();
    } finally {
      movingItself -= 1;
    }
  }

  function view() {
    const bounds = map.getBounds();
    const center = map.getCenter();
    return {
      box: {west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth()},
      zoom: map.getZoom(), lat: center.lat, lon: center.lng,
    };
  }
  map.on('moveend', () => onMove?.(view(), {byUser: movingItself === 0 && performance.now() - handAt < HAND_MS}));

  // --- Drawing ---

  // An entry's layers are made apart from reading its points, so a new set's view can be fitted
  // before its lines are drawn (else the canvas draws them all twice).
  function entryFor(trail) {
    const points = linePoints(trail);
    // Drawn part by part (a multi-line), so the gap between two segments stays a gap.
    const parts = lineParts(trail, points);
    return {
      trail, points, parts: parts.length > 1 ? parts : points, box: trackBox(points), position: markerPosition(trail, points),
      line: null, casing: null, start: null, marker: null, shown: null, inAll: false, inPage: false,
    };
  }

  function create(trail, entry, batch) {
    const {points, position} = entry;
    if (points.length > 1) {
      entry.line = L.polyline(entry.parts, {...LINE, smoothFactor: SMOOTH, renderer});
      entry.line.trailId = trail.id;
      entry.start = L.circleMarker(points[0], {renderer, radius: 4, color: '#fff', weight: 1.5, fillColor: START_COLOR, fillOpacity: 1});
      entry.start.trailId = trail.id;
    }
    if (position) {
      entry.marker = L.marker(position, {icon: MARKER_ICON, keyboard: true});
      entry.marker.trailId = trail.id;
      // Each time the cluster group puts it in the page (a new element then).
      entry.marker.on('add', () => styleMarker(entry));
    }
    drawn.set(trail.id, entry);
    place(entry, map.getZoom(), batch);
    return entry;
  }

  // Shows an entry as its line, or as its marker where the line is too small to see.
  function place(entry, zoom, batch) {
    const wanted = entry.line && !tooSmallAt(entry.box, zoom) ? 'line' : entry.marker ? 'marker' : null;
    if (wanted === entry.shown) return;
    takeDown(entry, batch);
    entry.shown = wanted;
    if (wanted === 'line') {
      lines.addLayer(entry.line);
      starts.addLayer(entry.start);
      restyle(entry);
    } else if (wanted === 'marker') {
      batch.add(entry.marker);
    }
  }

  function takeDown(entry, batch) {
    if (entry.shown === 'line') {
      for (const layer of [entry.casing, entry.line]) if (layer) lines.removeLayer(layer);
      entry.casing = null;
      starts.removeLayer(entry.start);
    } else if (entry.shown === 'marker') {
      batch.remove(entry.marker);
    }
    entry.shown = null;
  }

  function discard(id, batch) {
    const entry = drawn.get(id);
    if (!entry) return;
    takeDown(entry, batch);
    if (highlighted === id) highlighted = null;
    drawn.delete(id);
  }

  // The page's lines get a white casing and a stronger stroke, and sit above the others.
  function styleOf(entry) {
    return entry.trail.id === highlighted ? HIGHLIGHT_LINE : entry.inPage ? PAGE_LINE : LINE;
  }

  // A marker's name and look (the page's and the lit one stand out, and on top).
  function styleMarker(entry) {
    const element = entry.shown === 'marker' ? entry.marker.getElement() : null;
    if (!element) return;
    const lit = entry.trail.id === highlighted;
    element.setAttribute('role', 'button');
    element.setAttribute('aria-label', trailName(entry.trail));
    element.classList.toggle('in-page', entry.inPage);
    element.classList.toggle('lit', lit);
    entry.marker.setZIndexOffset(lit ? 2000 : entry.inPage ? 1000 : 0);
  }

  function restyle(entry) {
    if (entry.shown === 'marker') styleMarker(entry);
    if (entry.shown !== 'line') return;
    const raised = entry.inPage || entry.trail.id === highlighted;
    if (raised && !entry.casing) {
      entry.casing = L.polyline(entry.parts, {...CASING, smoothFactor: SMOOTH, renderer});
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
      if (map.hasLayer(entry.start)) entry.start.bringToFront();
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

  // A new zoom: each trail as its line or its marker anew. After the cluster group's own
  // handler (added with the group, before this), which has then reclustered for the zoom.
  map.on('zoomend', () => {
    const zoom = map.getZoom();
    const batch = markerBatch();
    let lined = false;
    for (const entry of drawn.values()) {
      const was = entry.shown;
      place(entry, zoom, batch);
      lined ||= was !== 'line' && entry.shown === 'line';
    }
    batch.flush(markers);
    if (lined) raisePage();
    showStarts();
  });

  // --- Pointer ---

  const layerOf = (event) => event.propagatedFrom || event.layer;

  function trailOf(event) {
    const layer = layerOf(event);
    return layer ? drawn.get(layer.trailId)?.trail : null;
  }

  function onClick(event) {
    const trail = trailOf(event);
    if (!trail) return;
    const layer = layerOf(event);
    const onMarker = layer instanceof L.Marker;
    map.closeTooltip(tooltip);
    popup.options.offset = POPUP_OFFSET[onMarker ? 'marker' : 'line'];
    popup.setLatLng(onMarker ? layer.getLatLng() : event.latlng).setContent(popupContent(trail)).openOn(map);
  }

  function onOver(event) {
    const trail = trailOf(event);
    if (!trail) return;
    hovered = trail.id;
    highlight(trail.id, true);
    tooltip.options.offset = TOOLTIP_OFFSET[layerOf(event) instanceof L.Marker ? 'marker' : 'line'];
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

  for (const group of [lines, starts, markers]) {
    group.on('click', onClick);
    group.on('mouseover', onOver);
    group.on('mouseout', onOut);
    group.on('mousemove', (event) => tooltip.setLatLng(event.latlng));
  }
  // A marker focused with Tab opens its popup with Enter (a cluster zooms in: the plugin's own).
  markers.on('keypress', (event) => {
    if (event.originalEvent?.key === 'Enter' || event.originalEvent?.keyCode === 13) onClick(event);
  });

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
    if (dimmed && !dimmed.inPage && dimmed.trail.id !== highlighted && dimmed.shown === 'line') dimmed.line.bringToBack();
  }

  function extend(box, entry) {
    if (entry.line) box.extend(L.latLngBounds([entry.box.south, entry.box.west], [entry.box.north, entry.box.east]));
    else if (entry.position) box.extend(entry.position);
  }

  function fitTo(box) {
    return itself(() => {
      map.invalidateSize();
      if (!box.isValid()) return false;
      map.fitBounds(box, {padding: [24, 24], maxZoom: FIT_MAX_ZOOM, animate: false});
      showStarts();
      return true;
    });
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
      const batch = markerBatch();
      for (const [id, entry] of drawn) {
        if (entry.inAll && !wanted.has(id)) {
          if (entry.inPage) entry.inAll = false;
          else discard(id, batch);
        }
      }
      // The canvas draws once, in the next frame, however many lines were added meanwhile.
      for (const entry of fresh) create(entry.trail, entry, batch);
      batch.flush(markers);
      for (const trail of list) drawn.get(trail.id).inAll = true;
      raisePage();
      return fitted;
    },
    setPage(trails) {
      const batch = markerBatch();
      const ids = new Set(trails.map((t) => t.id));
      for (const [id, entry] of drawn) {
        if (!entry.inPage || ids.has(id)) continue;
        entry.inPage = false;
        if (entry.inAll) restyle(entry);
        else discard(id, batch);
      }
      for (const trail of trails) {
        let entry = drawn.get(trail.id);
        // A trail drawn from its sketch is drawn again from the finer preview the cards bring.
        if (entry && trail.preview && !entry.trail.preview) {
          const {inAll} = entry;
          discard(trail.id, batch);
          entry = create(trail, entryFor(trail), batch);
          entry.inAll = inAll;
        }
        entry = entry || create(trail, entryFor(trail), batch);
        // The page's copy has more to tell in the popup (its place).
        entry.trail = trail;
        entry.inPage = true;
      }
      batch.flush(markers);
      // Styled once in the cluster group, so markers shown already get their look too.
      for (const trail of trails) restyle(drawn.get(trail.id));
    },
    // Shows every trail drawn; false when there is nothing to show.
    fit() {
      const box = L.latLngBounds([]);
      for (const entry of drawn.values()) extend(box, entry);
      return fitTo(box);
    },
    // Frames a box ({west, south, east, north}, map_area.js) such as the trails' box.
    fitBox(box) {
      return fitTo(L.latLngBounds([box.south, box.west], [box.north, box.east]));
    },
    // Puts the map at a position ({zoom, lat, lon}) such as the URL's.
    setPosition({zoom, lat, lon}) {
      itself(() => {
        map.invalidateSize();
        map.setView([lat, lon], zoom, {animate: false});
        showStarts();
      });
    },
    view,
    highlight,
    note(children) {
      note.show(children);
    },
    resize() {
      itself(() => map.invalidateSize());
    },
    remove() {
      map.remove();
    },
  };
}
