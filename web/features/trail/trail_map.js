// The trail page's map: the track (the ≤2000-point `polyline` in its parts, never the raw track), start and
// end pins, waypoint pins with popups, and a marker the elevation profile moves along the line.
import {createMap, drawTrack, labelMarker, pointMarker, fitTo, L} from '../../lib/map.js';
import {trailLineParts} from '../../lib/polyline.js';
import {scrollBehavior} from '../../lib/motion.js';
import {isCoordinate, photoPins, waypointPins} from './map_pins.js';

export {isCoordinate};

// trailMap(element, trail, waypoints, {onPhoto, onTrailPhoto}) ->
//   {map, showPoint, hidePoint, openWaypoint, destroy}
// `onPhoto(waypoint, index)` opens a waypoint photo in the viewer; `onTrailPhoto(index)` one of
// the trail's own photos (from the photo layer).
export function trailMap(element, trail, waypoints, {onPhoto, onTrailPhoto} = {}) {
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

  // Waypoint pins with their icons, and the photos that know where they were taken: each a
  // layer of pins that crowd into counted clusters, which a click or Enter opens.
  const pins = waypointPins(waypoints, {onPhoto});
  const markers = pins.markers;
  const photos = photoPins(trail, {onPhoto: onTrailPhoto});
  for (const layer of [pins.layer, photos.layer]) {
    if (!layer.getLayers().length) continue;
    layer.addTo(map);
    bounds.extend(layer.getBounds());
  }
  if (photos.layer.getLayers().length) {
    L.control.layers(null, {Waypoints: pins.layer, Photos: photos.layer}, {collapsed: false, position: 'topright'}).addTo(map);
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
      // The map moves to the pin, opening the cluster it is in, then opens its popup.
      pins.layer.zoomToShowLayer(marker, () => marker.openPopup());
    },
    destroy() {
      resize.disconnect();
      map.remove();
    },
  };
}
