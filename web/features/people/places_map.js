// The map of the places someone has been: the statistics' grid cells (about 1 km each) as small
// squares on a Leaflet map, framed to all of them.
import {createMap, fitTo, L} from '../../lib/map.js';

// placesMap(element, {cell_deg, cells}) -> {remove()}; cells are [lat, lon] of a cell's corner.
export function placesMap(element, places) {
  const map = createMap(element);
  const size = Number(places?.cell_deg) > 0 ? Number(places.cell_deg) : 0.01;
  const cells = Array.isArray(places?.cells) ? places.cells : [];
  const layer = L.featureGroup().addTo(map);
  for (const [lat, lon] of cells) {
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    L.rectangle([[lat, lon], [lat + size, lon + size]], {color: '#c2410c', weight: 1, fillOpacity: 0.55, interactive: false}).addTo(layer);
    // A dot as well: zoomed out, a cell of 1 km is smaller than a pixel.
    L.circleMarker([lat + size / 2, lon + size / 2], {radius: 3, color: '#c2410c', weight: 0, fillOpacity: 0.8, interactive: false}).addTo(layer);
  }
  requestAnimationFrame(() => {
    map.invalidateSize();
    if (cells.length) fitTo(map, layer.getBounds(), 12);
  });
  return {remove: () => map.remove()};
}
