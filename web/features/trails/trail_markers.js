// Which trails the overview map shows as a marker instead of a line: a line whose box spans fewer
// than MIN_LINE_PIXELS on screen at the map's zoom is lost among the others (a walk round a lake
// seen from the whole world is one pixel, or none), so the trail is a marker at its start there,
// clustered with its neighbours, and becomes its line again once zoomed in far enough. A trail
// without a line is always a marker. No Leaflet here: the arithmetic is Leaflet's Web Mercator
// (EPSG:3857, 256-pixel tiles), so it can be tested on its own.
import {decodePolyline, splitParts} from '../../lib/polyline.js';

export const MIN_LINE_PIXELS = 8;

const TILE = 256;
// Web Mercator's limit, as Leaflet's SphericalMercator.MAX_LATITUDE.
const MAX_LAT = 85.0511287798;

// A point's place at zoom 0, in pixels of the 256-pixel world.
function worldX(lon) {
  return (TILE * (lon + 180)) / 360;
}
function worldY(lat) {
  const sin = Math.sin((Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180);
  return TILE * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI));
}

// The box around [[lat, lon], ...]: {south, west, north, east}, or null without a point.
export function trackBox(points) {
  let box = null;
  for (const point of points || []) {
    const [lat, lon] = point;
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    if (!box) {
      box = {south: lat, west: lon, north: lat, east: lon};
      continue;
    }
    box.south = Math.min(box.south, lat);
    box.north = Math.max(box.north, lat);
    box.west = Math.min(box.west, lon);
    box.east = Math.max(box.east, lon);
  }
  return box;
}

// How many screen pixels a box spans at `zoom`, the larger of its width and height.
export function pixelSpan(box, zoom) {
  if (!box) return 0;
  const scale = 2 ** zoom;
  const width = Math.abs(worldX(box.east) - worldX(box.west));
  const height = Math.abs(worldY(box.south) - worldY(box.north));
  return Math.max(width, height) * scale;
}

// True when a line with this box is too small to see at `zoom` (no box: no line at all).
export function tooSmallAt(box, zoom, minPixels = MIN_LINE_PIXELS) {
  return pixelSpan(box, zoom) < minPixels;
}

// Where a trail's marker stands: its start as the record has it (`lat`/`lon`), else the first
// point of its line; null for neither (0,0 is what a trail without a place holds, not a start
// in the Gulf of Guinea).
export function markerPosition(trail, points = []) {
  const lat = Number(trail?.lat);
  const lon = Number(trail?.lon);
  if (Number.isFinite(lat) && Number.isFinite(lon) && (lat || lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180) return [lat, lon];
  return points.length ? points[0] : null;
}

// The field of the line the overview map draws for a trail: its preview, sketch or full
// polyline, the first it has.
function lineField(trail) {
  return ['preview', 'sketch', 'polyline'].find((field) => trail?.[field]) || 'preview';
}

// The line the overview map draws for a trail, all its points in order.
export function linePoints(trail) {
  const encoded = trail?.[lineField(trail)] || '';
  return encoded ? decodePolyline(encoded) : [];
}

// The same line in its parts (see splitParts), each drawn on its own so a gap stays a gap.
export function lineParts(trail, points = linePoints(trail)) {
  return splitParts(points, trail?.line_breaks?.[lineField(trail)]);
}

// True when the map shows `points` (a trail's line, maybe empty) as a marker at `zoom`.
export function isMarkerAt(points, zoom) {
  return points.length < 2 || tooSmallAt(trackBox(points), zoom);
}

// The ids of the trails that are markers at `zoom` (those with somewhere to stand).
export function markerTrailIds(trails, zoom) {
  const ids = [];
  for (const trail of trails || []) {
    const points = linePoints(trail);
    if (markerPosition(trail, points) && isMarkerAt(points, zoom)) ids.push(trail.id);
  }
  return ids;
}
