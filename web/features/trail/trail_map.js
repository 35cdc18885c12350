// The trail page's map: the track (the ≤2000-point `polyline` in its parts, never the raw track), start and
// end pins, waypoint pins with popups, and a marker the elevation profile moves along the line.
import {h} from '../../lib/dom.js';
import {files} from '../../lib/resources.js';
import {createMap, drawTrack, labelMarker, pointMarker, fitTo, L} from '../../lib/map.js';
import {trailLineParts} from '../../lib/polyline.js';
import {reducedMotion, scrollBehavior} from '../../lib/motion.js';

// trailMap(element, trail, waypoints, {onPhoto}) -> {map, showPoint, hidePoint, openWaypoint, destroy}
// `onPhoto(waypoint, index)` opens a waypoint photo in the viewer.
export function trailMap(element, trail, waypoints, {onPhoto} = {}) {
  const map = createMap(element);
  // Each part of the track (a segment of the file) is drawn on its own: a gap stays a gap.
  const parts = trailLineParts(trail, 'polyline');
  const latlngs = parts.flat();
  const bounds = L.latLngBounds([]);
  if (latlngs.length >= 2) {
    const {line} = drawTrack(map, parts.length > 1 ? parts : latlngs);
    bounds.extend(line.getBounds());
    // Above waypoints (devices often log one at the start), and on a loop the start above the end.
    labelMarker(latlngs[latlngs.length - 1], 'E', {className: 'end', title: 'End', keyboard: false}).setZIndexOffset(1000).addTo(map);
    labelMarker(latlngs[0], 'S', {className: 'start', title: 'Start', keyboard: false}).setZIndexOffset(1100).addTo(map);
  } else if (isCoordinate(trail.lat, trail.lon)) {
    labelMarker([trail.lat, trail.lon], 'S', {className: 'start', title: 'Start', keyboard: false}).addTo(map);
    bounds.extend([trail.lat, trail.lon]);
  }

  const markers = new Map();
  for (const waypoint of waypoints) {
    if (!isCoordinate(waypoint.lat, waypoint.lon)) continue;
    const title = waypoint.name || 'Waypoint';
    const marker = labelMarker([waypoint.lat, waypoint.lon], '•', {className: 'waypoint', title});
    // Built lazily so a long waypoint list costs nothing until a pin is opened.
    marker.bindPopup(() => waypointPopup(waypoint, onPhoto), {maxWidth: 260, minWidth: 160});
    marker.addTo(map);
    markers.set(waypoint.id, marker);
    bounds.extend([waypoint.lat, waypoint.lon]);
  }

  if (bounds.isValid()) fitTo(map, bounds);
  // The map may be laid out after creation (grid columns settle late); keep the view right.
  const resize = new ResizeObserver(() => map.invalidateSize({pan: false}));
  resize.observe(element);

  let cursor = null;
  return {
    map,
    showPoint(lat, lon) {
      if (!isCoordinate(lat, lon)) return;
      if (!cursor) cursor = pointMarker([lat, lon], {color: '#1d4ed8', radius: 8}).addTo(map);
      else cursor.setLatLng([lat, lon]);
      if (!map.getBounds().contains([lat, lon])) map.panTo([lat, lon], {animate: false});
    },
    hidePoint() {
      cursor?.remove();
      cursor = null;
    },
    openWaypoint(id) {
      const marker = markers.get(id);
      if (!marker) return;
      element.scrollIntoView({block: 'nearest', behavior: scrollBehavior()});
      map.setView(marker.getLatLng(), Math.max(map.getZoom(), 14), {animate: !reducedMotion()});
      marker.openPopup();
    },
    destroy() {
      resize.disconnect();
      map.remove();
    },
  };
}

function waypointPopup(waypoint, onPhoto) {
  const photo = waypoint.photos && waypoint.photos[0];
  const box = h(
    'div',
    {class: 'wp-popup'},
    h('strong', null, waypoint.name || 'Waypoint'),
    waypoint.description ? h('p', {class: 'pre-line'}, waypoint.description) : null,
  );
  if (photo) {
    const img = h('img', {src: files.url(waypoint, photo, {thumb: '100x100'}), alt: '', width: 100, height: 100, loading: 'lazy'});
    if (onPhoto) {
      const label = `View photo of ${waypoint.name || 'the waypoint'}`;
      box.append(h('button', {type: 'button', class: 'wp-photo', 'aria-label': label, onclick: () => onPhoto(waypoint, 0)}, img));
    } else {
      box.append(img);
    }
  }
  return box;
}

export function isCoordinate(lat, lon) {
  return Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && !(lat === 0 && lon === 0);
}
