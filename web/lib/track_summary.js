// Pieces several screens show for a trail: the drawn track preview (when there is no photo) and
// the statistics, in the viewer's units, saying only what is known when there is no track yet.
import {h, svg} from './dom.js';
import {trailLineParts} from './polyline.js';
import {formatDistance, formatElevation, formatDuration, formatDate} from './format.js';

// An SVG drawing of the line (the `preview` field, else `polyline`, in its parts), projected with the
// latitude's cosine so shapes are not stretched. No tiles, no requests.
export function trackPreview(trail, {width = 320, height = 180, label} = {}) {
  const parts = trailLineParts(trail, trail.preview ? 'preview' : 'polyline');
  const points = parts.flat();
  const box = svg('svg', {viewBox: `0 0 ${width} ${height}`, class: 'track-preview', role: 'img', 'aria-label': label || `Track of ${trail.name || 'the trail'}`});
  box.append(svg('rect', {width, height, fill: '#e8e6df'}));
  if (points.length < 2) {
    box.append(svg('text', {x: width / 2, y: height / 2, 'text-anchor': 'middle', fill: '#55605b', 'font-size': 14}, 'No track'));
    return box;
  }
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  const k = Math.cos((points[0][0] * Math.PI) / 180);
  const projected = points.map(([lat, lon]) => {
    const x = lon * k;
    const y = -lat;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
    return [x, y];
  });
  const pad = 14;
  const scale = Math.min((width - 2 * pad) / Math.max(maxX - minX, 1e-9), (height - 2 * pad) / Math.max(maxY - minY, 1e-9));
  const offX = (width - (maxX - minX) * scale) / 2;
  const offY = (height - (maxY - minY) * scale) / 2;
  // A move, not a line, to the first point of each part: the gap between segments stays a gap.
  const starts = new Set();
  parts.reduce((start, part) => (starts.add(start), start + part.length), 0);
  const d = projected.map(([x, y], i) => `${starts.has(i) ? 'M' : 'L'}${((x - minX) * scale + offX).toFixed(1)} ${((y - minY) * scale + offY).toFixed(1)}`).join('');
  box.append(svg('path', {d, fill: 'none', stroke: '#fff', 'stroke-width': 6, 'stroke-linejoin': 'round', 'stroke-linecap': 'round'}));
  box.append(svg('path', {d, fill: 'none', stroke: '#c2410c', 'stroke-width': 3, 'stroke-linejoin': 'round', 'stroke-linecap': 'round'}));
  const [sx, sy] = projected[0];
  box.append(svg('circle', {cx: ((sx - minX) * scale + offX).toFixed(1), cy: ((sy - minY) * scale + offY).toFixed(1), r: 5, fill: '#15803d', stroke: '#fff', 'stroke-width': 2}));
  return box;
}

// True when the trail has a recorded line: a distance, or a line to draw. A trail made by hand
// before its GPS file arrives has neither, and its zeros mean "unknown", not "0 m".
function hasTrack(trail) {
  return Number(trail.distance) > 0 || Boolean(trail.polyline || trail.preview);
}

// [field, term, value] triples of distance, elevation and duration, in `units`. Without a track
// only the numbers that are known (above zero) are given, so a new trail does not claim "0 m".
function numbers(trail, units) {
  const known = hasTrack(trail);
  const items = [
    ['distance', 'Distance', formatDistance(trail.distance, units)],
    ['elevation_gain', 'Elevation gain', formatElevation(trail.elevation_gain, units)],
    ['elevation_loss', 'Elevation loss', formatElevation(trail.elevation_loss, units)],
    ['duration', 'Duration', formatDuration(trail.duration)],
  ];
  return items.filter(([field]) => known || Number(trail[field]) > 0);
}

// One of distance, elevation_gain, elevation_loss or duration as text in `units`, or "–" when
// the trail does not know it (no track, and nothing typed in).
export function trackNumber(trail, field, units) {
  const found = numbers(trail, units).find(([name]) => name === field);
  return found ? found[2] : '–';
}

// [term, value] pairs of distance, elevation and duration, in `units` (see numbers()).
export function trackNumbers(trail, units) {
  return numbers(trail, units).map(([, term, text]) => [term, text]);
}

// A <dl class="stats"> of the numbers a hiker looks at, in `units`; "GPS track: None yet" in
// place of the track's numbers when there are none. `notes` adds a node or text after a
// statistic's value, by field name (`distance`, `duration`, `moving_duration`, ...).
export function statsList(trail, units, {compact = false, notes = {}} = {}) {
  const items = numbers(trail, units);
  if (!items.length) items.push([null, 'GPS track', 'None yet']);
  if (!compact && trail.moving_duration) items.push(['moving_duration', 'Moving time', formatDuration(trail.moving_duration)]);
  if (!compact && trail.date) items.push(['date', 'Date', formatDate(trail.date)]);
  return h('dl', {class: 'stats'}, items.map(([field, term, value]) => h('div', {'data-field': field}, h('dt', null, term), h('dd', null, value, field ? notes[field] : null))));
}
