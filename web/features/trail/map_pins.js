// The trail map's pins: waypoints with their icons, and the trail's photos that know where they
// were taken (`photo_positions`), each in a layer whose crowded pins gather into a counted
// cluster (Leaflet.markercluster) that a click or Enter opens.
import {h} from '../../lib/dom.js';
import {files} from '../../lib/resources.js';
import {labelMarker} from '../../lib/map.js';
import {clusterIconFor} from '../../lib/cluster_icon.js';
import {iconLabel, iconSvg} from '../../lib/waypoint_icons.js';
import {reducedMotion} from '../../lib/motion.js';
import {MarkerClusterGroup} from '../../vendor/leaflet/leaflet.markercluster.esm.min.js';

// Pins closer than this (px) gather; small, so that a handful of waypoints spread along a
// trail stay apart at the zoom that shows the whole trail.
const CLUSTER_RADIUS = 36;

function clusterLayer(noun) {
  return new MarkerClusterGroup({
    iconCreateFunction: clusterIconFor(noun),
    maxClusterRadius: CLUSTER_RADIUS,
    showCoverageOnHover: false,
    animate: !reducedMotion(),
  });
}

// waypointPins(waypoints, {onPhoto}) -> {layer, markers: Map(id -> marker)}
export function waypointPins(waypoints, {onPhoto} = {}) {
  const layer = clusterLayer('waypoints');
  const markers = new Map();
  for (const waypoint of waypoints) {
    if (!isCoordinate(waypoint.lat, waypoint.lon)) continue;
    const title = waypoint.name || iconLabel(waypoint.icon);
    const marker = labelMarker([waypoint.lat, waypoint.lon], () => iconSvg(waypoint.icon, 14), {className: 'waypoint', title, size: 26});
    // Built lazily so a long waypoint list costs nothing until a pin is opened.
    marker.bindPopup(() => waypointPopup(waypoint, onPhoto), {maxWidth: 260, minWidth: 160});
    layer.addLayer(marker);
    markers.set(waypoint.id, marker);
  }
  return {layer, markers};
}

// photoPins(trail, {onPhoto(index)}) -> {layer}: one pin per photo with a position.
export function photoPins(trail, {onPhoto} = {}) {
  const layer = clusterLayer('photos');
  const positions = trail.photo_positions && typeof trail.photo_positions === 'object' ? trail.photo_positions : {};
  (trail.photos || []).forEach((name, index) => {
    const at = positions[name];
    if (!at || !isCoordinate(at.lat, at.lon)) return;
    const label = `Photo ${index + 1}`;
    const thumb = () => h('img', {src: files.url(trail, name, {thumb: '100x100'}), alt: '', width: 30, height: 30, loading: 'lazy'});
    const marker = labelMarker([at.lat, at.lon], thumb, {className: 'photo-pin', title: label, size: 26});
    // Enter on a focused pin is a click too (Leaflet's keyboard markers).
    marker.on('click', () => onPhoto?.(index));
    layer.addLayer(marker);
  });
  return {layer};
}

export function isCoordinate(lat, lon) {
  return Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && !(lat === 0 && lon === 0);
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
