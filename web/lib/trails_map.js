// The overview map of the trails list: each trail of the page as its simplified line with a start
// marker, a popup linking to the trail, and a highlight the cards can switch on while hovered.
import {h} from './dom.js';
import {L, createMap, trackPoints, pointMarker, fitTo, TRACK_COLOR} from './map.js';

const HIGHLIGHT_COLOR = '#1d4ed8';
const START_COLOR = '#15803d';

function popupContent(trail) {
  return h('div', {class: 'trails-map-popup'}, h('a', {href: `/trail/${encodeURIComponent(trail.id)}`}, trail.name || 'Unnamed trail'), trail.location ? h('div', {class: 'muted'}, trail.location) : null);
}

function startOf(trail, points) {
  if (points.length) return points[0];
  const lat = Number(trail.lat);
  const lon = Number(trail.lon);
  // 0,0 is what a trail without a track holds, not a real start in the Gulf of Guinea.
  return Number.isFinite(lat) && Number.isFinite(lon) && (lat || lon) ? [lat, lon] : null;
}

export function createTrailsMap(element) {
  const map = createMap(element, {preferCanvas: true});
  const layer = L.featureGroup().addTo(map);
  const drawn = new Map();
  let highlighted = null;

  function style(id, on) {
    const entry = drawn.get(id);
    if (!entry || !entry.line) return;
    entry.line.setStyle({color: on ? HIGHLIGHT_COLOR : TRACK_COLOR, weight: on ? 6 : 4});
    entry.casing.setStyle({weight: on ? 9 : 7});
    if (on) {
      entry.casing.bringToFront();
      entry.line.bringToFront();
      entry.marker?.bringToFront();
    }
  }

  return {
    // Draws these trails instead of the previous ones and fits the view to them.
    show(trails) {
      layer.clearLayers();
      drawn.clear();
      highlighted = null;
      for (const trail of trails) {
        const points = trackPoints(trail.preview || trail.polyline || '');
        const entry = {};
        if (points.length > 1) {
          entry.casing = L.polyline(points, {color: '#fff', weight: 7, opacity: 0.9, interactive: false});
          entry.line = L.polyline(points, {color: TRACK_COLOR, weight: 4, opacity: 1});
          entry.line.bindPopup(() => popupContent(trail));
          layer.addLayer(entry.casing);
          layer.addLayer(entry.line);
        }
        const start = startOf(trail, points);
        if (start) {
          entry.marker = pointMarker(start, {color: START_COLOR, radius: 6, label: trail.name || 'Unnamed trail'});
          entry.marker.bindPopup(() => popupContent(trail));
          layer.addLayer(entry.marker);
        }
        drawn.set(trail.id, entry);
      }
      map.invalidateSize();
      if (layer.getLayers().length) fitTo(map, layer.getBounds(), 14);
    },
    highlight(id, on) {
      if (on && highlighted && highlighted !== id) style(highlighted, false);
      highlighted = on ? id : null;
      style(id, on);
    },
    resize() {
      map.invalidateSize();
      if (layer.getLayers().length) fitTo(map, layer.getBounds(), 14);
    },
    remove() {
      map.remove();
    },
  };
}
