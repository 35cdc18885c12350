// The planner's map: a numbered pin per point (drag to move, right-click to remove), a small
// handle in the middle of each leg (drag to insert a point there), and the line. Clicks on the
// map add a point. It reports edits; the screen owns the points.
import {L, createMap, drawTrack, fitTo} from '../../lib/map.js';

// plannerMap(element, {onAdd, onMove, onInsert, onRemove}) -> {map, show(points, line),
// showLine(line), fit(points)}
// Points are [lat, lon]; onInsert(index, point) puts the new point at `index`.
export function plannerMap(element, {onAdd, onMove, onInsert, onRemove}) {
  const map = createMap(element, {preferCanvas: false});
  map.doubleClickZoom.disable();
  const track = drawTrack(map, []);
  const handles = L.layerGroup().addTo(map);
  map.on('click', (event) => onAdd([event.latlng.lat, event.latlng.lng]));

  const at = (marker) => {
    const {lat, lng} = marker.getLatLng();
    return [lat, lng];
  };
  function pin(point, index, count) {
    const name = `Point ${index + 1} of ${count}`;
    const marker = L.marker(point, {
      icon: L.divIcon({className: 'pin plan-pin', html: String(index + 1), iconSize: [24, 24], iconAnchor: [12, 12]}),
      draggable: true,
      keyboard: false,
      title: `${name}: drag to move, right-click to remove`,
      alt: name,
    });
    marker.on('dragend', () => onMove(index, at(marker)));
    marker.on('contextmenu', () => onRemove(index));
    return marker;
  }
  function middle(a, b, index) {
    const marker = L.marker([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], {
      icon: L.divIcon({className: 'plan-middle', html: '', iconSize: [14, 14], iconAnchor: [7, 7]}),
      draggable: true,
      keyboard: false,
      title: 'Drag to add a point here',
    });
    marker.on('dragend', () => onInsert(index, at(marker)));
    return marker;
  }
  return {
    map,
    // Only the line: the pins stay, so a drag that started meanwhile goes on.
    showLine(line) {
      track.line.setLatLngs(line);
      track.casing.setLatLngs(line);
    },
    show(points, line) {
      this.showLine(line);
      handles.clearLayers();
      points.forEach((p, i) => {
        if (i > 0) handles.addLayer(middle(points[i - 1], p, i));
      });
      points.forEach((p, i) => handles.addLayer(pin(p, i, points.length)));
    },
    fit(points) {
      if (points.length) fitTo(map, L.latLngBounds(points));
    },
  };
}
