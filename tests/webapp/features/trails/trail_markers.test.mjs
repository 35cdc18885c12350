// web/features/trails/trail_markers.js: which trails the overview map shows as markers at a zoom.
// A line whose box spans fewer than 8 screen pixels is a marker at the trail's start; so is a
// trail without a line; big enough, it stays a line.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  MIN_LINE_PIXELS, trackBox, pixelSpan, tooSmallAt, markerPosition, linePoints, lineParts, isMarkerAt, markerTrailIds,
} from '../../../../web/features/trails/trail_markers.js';

// Google's encoded polyline (precision 5), as the server sends `preview`.
function encode(points) {
  let previous = [0, 0];
  let out = '';
  for (const point of points) {
    for (const axis of [0, 1]) {
      const value = Math.round(point[axis] * 1e5);
      let delta = value - previous[axis];
      previous[axis] = value;
      delta = delta < 0 ? ~(delta * 2) : delta * 2;
      while (delta >= 0x20) {
        out += String.fromCharCode((0x20 | (delta & 0x1f)) + 63);
        delta = Math.floor(delta / 32);
      }
      out += String.fromCharCode(delta + 63);
    }
  }
  return out;
}

// A straight track of `metres` going east (or north) from [lat, lon], in `n` points.
const METRES_PER_DEGREE = (6378137 * Math.PI) / 180;
function track(lat, lon, metres, {north = false, n = 5} = {}) {
  const points = [];
  for (let i = 0; i < n; i++) {
    const d = (metres * i) / (n - 1) / METRES_PER_DEGREE;
    points.push(north ? [lat + d, lon] : [lat, lon + d / Math.cos((lat * Math.PI) / 180)]);
  }
  return points;
}

// Five short trails on three continents, as the issue found them: a blank map at world zoom.
const FIVE = [
  {id: 'alps', name: 'Alps', lat: 46.55, lon: 7.98, preview: encode(track(46.55, 7.98, 120))},
  {id: 'dolomites', name: 'Dolomites', lat: 46.41, lon: 11.84, preview: encode(track(46.41, 11.84, 80))},
  {id: 'rockies', name: 'Rockies', lat: 39.74, lon: -105.5, preview: encode(track(39.74, -105.5, 200, {north: true}))},
  {id: 'andes', name: 'Andes', lat: -32.65, lon: -70.01, preview: encode(track(-32.65, -70.01, 60))},
  {id: 'patagonia', name: 'Patagonia', lat: -49.33, lon: -72.9, sketch: encode(track(-49.33, -72.9, 150))},
];

test('a box spans 256 pixels of longitude at zoom 0 for the whole world, twice as many a zoom in', () => {
  const world = {south: 0, west: -180, north: 0, east: 180};
  assert.equal(pixelSpan(world, 0), 256);
  assert.equal(pixelSpan(world, 3), 2048);
  const degree = {south: 0, west: 10, north: 0, east: 11};
  assert.ok(Math.abs(pixelSpan(degree, 0) - 256 / 360) < 1e-9);
  assert.ok(Math.abs(pixelSpan(degree, 10) - (256 / 360) * 1024) < 1e-6);
  assert.equal(pixelSpan(null, 5), 0);
});

test('latitude spans stretch away from the equator as Web Mercator stretches them', () => {
  const atEquator = pixelSpan(trackBox(track(0, 10, 1000, {north: true})), 10);
  const atSixty = pixelSpan(trackBox(track(60, 10, 1000, {north: true})), 10);
  assert.ok(Math.abs(atSixty / atEquator - 2) < 0.01, `${atSixty} / ${atEquator}`);
  // Clamped at Web Mercator's edge rather than infinite at the pole.
  assert.ok(Number.isFinite(pixelSpan({south: 89, west: 0, north: 90, east: 0}, 0)));
});

test('the box of a track holds every point and skips broken ones', () => {
  assert.deepEqual(trackBox([[1, 2], [-1, 5], [NaN, 9], [0.5, -3]]), {south: -1, west: -3, north: 1, east: 5});
  assert.equal(trackBox([]), null);
  assert.equal(trackBox(undefined), null);
});

test('a line is too small below 8 pixels and big enough from 8 on', () => {
  assert.equal(MIN_LINE_PIXELS, 8);
  // 8 pixels at zoom 0 are 8 * 360 / 256 degrees of longitude.
  const eight = (8 * 360) / 256;
  assert.equal(tooSmallAt({south: 0, west: 0, north: 0, east: eight * 0.99}, 0), true);
  assert.equal(tooSmallAt({south: 0, west: 0, north: 0, east: eight * 1.01}, 0), false);
  // Half of it is too small at zoom 0 and big enough one zoom in.
  const half = {south: 0, west: 0, north: 0, east: eight * 0.51};
  assert.equal(tooSmallAt(half, 0), true);
  assert.equal(tooSmallAt(half, 1), false);
  assert.equal(tooSmallAt(null, 18), true, 'no line at all');
});

test('five short trails on three continents are all markers at world zoom', () => {
  for (const zoom of [0, 1, 2, 3]) assert.deepEqual(markerTrailIds(FIVE, zoom), FIVE.map((t) => t.id), `zoom ${zoom}`);
});

test('zoomed in far enough, each short trail is its line again; longer ones sooner', () => {
  assert.deepEqual(markerTrailIds(FIVE, 17), []);
  // 200 m northward: a marker up to the zoom where its span reaches 8 pixels, a line from there.
  const rockies = linePoints(FIVE[2]);
  const firstLineZoom = [...Array(20).keys()].find((zoom) => !isMarkerAt(rockies, zoom));
  assert.ok(pixelSpan(trackBox(rockies), firstLineZoom) >= 8);
  assert.ok(pixelSpan(trackBox(rockies), firstLineZoom - 1) < 8);
  // The 60 m one needs more zoom than the 200 m one.
  const andes = linePoints(FIVE[3]);
  assert.ok([...Array(20).keys()].find((zoom) => !isMarkerAt(andes, zoom)) > firstLineZoom);
});

test('a long trail stays a line where short ones are markers', () => {
  const long = {id: 'long', lat: 46, lon: 7, preview: encode(track(46, 7, 60000))};
  const short = {id: 'short', lat: 46.1, lon: 7.1, preview: encode(track(46.1, 7.1, 300))};
  assert.deepEqual(markerTrailIds([long, short], 8), ['short']);
  assert.deepEqual(markerTrailIds([long, short], 3), ['long', 'short']);
});

test('a trail without a line is a marker at every zoom; without a place it is not drawn at all', () => {
  const dot = {id: 'dot', lat: 1, lon: 22};
  const single = {id: 'single', lat: 0, lon: 0, preview: encode([[5, 5]])};
  const nowhere = {id: 'nowhere', lat: 0, lon: 0};
  for (const zoom of [0, 10, 19]) assert.deepEqual(markerTrailIds([dot, single, nowhere], zoom), ['dot', 'single'], `zoom ${zoom}`);
  // A track that never moves is a marker too.
  const still = {id: 'still', lat: 3, lon: 3, preview: encode([[3, 3], [3, 3], [3, 3]])};
  assert.deepEqual(markerTrailIds([still], 19), ['still']);
});

test("a marker stands at the trail's lat/lon, else at the first point of its line", () => {
  assert.deepEqual(markerPosition({lat: 46.5, lon: 8}, [[1, 1]]), [46.5, 8]);
  assert.deepEqual(markerPosition({lat: '46.5', lon: '8'}), [46.5, 8]);
  assert.deepEqual(markerPosition({lat: 0, lon: 0}, [[1, 2], [3, 4]]), [1, 2]);
  assert.deepEqual(markerPosition({lat: 0, lon: 9.7}), [0, 9.7], 'on the equator is a place');
  assert.deepEqual(markerPosition({lat: 'x', lon: 8}, [[1, 2]]), [1, 2]);
  assert.deepEqual(markerPosition({lat: 95, lon: 8}, []), null);
  assert.equal(markerPosition({}), null);
  assert.equal(markerPosition(null), null);
});

test('the line drawn is the preview, else the sketch, else the full polyline', () => {
  const a = encode([[1, 1], [2, 2]]);
  const b = encode([[3, 3], [4, 4]]);
  assert.deepEqual(linePoints({preview: a, sketch: b}), [[1, 1], [2, 2]]);
  assert.deepEqual(linePoints({sketch: b, polyline: a}), [[3, 3], [4, 4]]);
  assert.deepEqual(linePoints({polyline: a}), [[1, 1], [2, 2]]);
  assert.deepEqual(linePoints({}), []);
});

test("the drawn line comes apart at the drawn field's own breaks", () => {
  const a = encode([[1, 1], [2, 2], [3, 3], [4, 4]]);
  const b = encode([[1, 1], [3, 3], [4, 4]]);
  const breaks = {polyline: [1], preview: [2], sketch: [1]};
  assert.deepEqual(lineParts({preview: a, sketch: b, line_breaks: breaks}), [[[1, 1], [2, 2]], [[3, 3], [4, 4]]]);
  assert.deepEqual(lineParts({sketch: b, line_breaks: breaks}), [[[1, 1]], [[3, 3], [4, 4]]]);
  assert.deepEqual(lineParts({polyline: a, line_breaks: null}), [[[1, 1], [2, 2], [3, 3], [4, 4]]]);
  assert.deepEqual(lineParts({}), []);
});
