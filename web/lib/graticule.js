// A graticule for the visible part of a Web Mercator map: meridians and parallels at a round step
// that puts them some 120 pixels or more apart at the zoom, as [lat, lng] lines for Leaflet.

const STEPS = [30, 20, 10, 5, 2, 1, 0.5, 0.25, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001];
// Web Mercator stops here; lines further out would be projected to infinity.
const MAX_LAT = 85;
const MAX_LINES = 200;

// Degrees between lines at `zoom` (256-pixel tiles: 256 * 2^zoom pixels around the equator).
export function graticuleStep(zoom, minPixels = 120) {
  const pixelsPerDegree = (256 * 2 ** zoom) / 360;
  let step = STEPS[0];
  for (const candidate of STEPS) if (candidate * pixelsPerDegree >= minPixels) step = candidate;
  return step;
}

// Multiples of `step` from `from` to `to` (inclusive), at most MAX_LINES of them, computed from
// integers so 0.1 steps do not drift.
function multiples(from, to, step) {
  const first = Math.ceil(from / step - 1e-9);
  const last = Math.floor(to / step + 1e-9);
  const out = [];
  for (let k = first; k <= last && out.length < MAX_LINES; k++) out.push(Number((k * step).toFixed(6)));
  return out;
}

// {meridians, parallels} covering {south, west, north, east} (degrees; west may be below -180
// and east above 180 when the map shows the world more than once), each line [[lat, lng], ...].
export function graticuleLines({south, west, north, east}, step) {
  const bottom = Math.max(south, -MAX_LAT);
  const top = Math.min(north, MAX_LAT);
  if (bottom >= top || west >= east) return {meridians: [], parallels: []};
  const meridians = multiples(west, east, step).map((lng) => [[bottom, lng], [top, lng]]);
  const parallels = multiples(bottom, top, step).map((lat) => [[lat, west], [lat, east]]);
  return {meridians, parallels};
}
