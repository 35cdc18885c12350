// web/lib/polyline.js: the server's encoded polylines (`polyline`, `preview`) decode to the
// points it encoded; the vectors are the ones tests/geo/polyline_test.cpp checks the encoder with.
// A trail's `line_breaks` split a line into the parts maps draw apart.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {decodePolyline, decodeParts, splitParts, trailLineParts} from '../../../web/lib/polyline.js';

function assertPoints(actual, expected, tolerance = 1e-9) {
  assert.equal(actual.length, expected.length, `${actual.length} points, expected ${expected.length}`);
  expected.forEach(([lat, lon], i) => {
    assert.ok(Math.abs(actual[i][0] - lat) <= tolerance, `point ${i} latitude ${actual[i][0]} != ${lat}`);
    assert.ok(Math.abs(actual[i][1] - lon) <= tolerance, `point ${i} longitude ${actual[i][1]} != ${lon}`);
  });
}

// Google's algorithm, written out from its documentation, to make strings the server would send.
function encode(points, precision = 5) {
  const factor = 10 ** precision;
  let previous = [0, 0];
  let out = '';
  for (const point of points) {
    for (const axis of [0, 1]) {
      const value = Math.round(point[axis] * factor);
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

test("Google's documented example decodes to its three points", () => {
  assertPoints(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@'), [[38.5, -120.2], [40.7, -120.95], [43.252, -126.453]]);
});

test("Google's documented single value -179.98321 decodes as a longitude", () => {
  assertPoints(decodePolyline('?`~oia@'), [[0, -179.98321]]);
});

test('an empty polyline is no points', () => {
  assert.deepEqual(decodePolyline(''), []);
});

test('the corners of the world and both signs round-trip at precision 5 and 6', () => {
  // The helper encoder agrees with the documentation before it is trusted with other points.
  assert.equal(encode([[38.5, -120.2], [40.7, -120.95], [43.252, -126.453]]), '_p~iF~ps|U_ulLnnqC_mqNvxq`@');
  const points = [[0, 0], [-90, -180], [90, 180], [-0.000004, 0.000006], [46.123456, 7.654321], [-33.9, 18.4], [89.999999, -179.999999]];
  for (const precision of [5, 6]) {
    const half = 0.5 * 10 ** -precision + 1e-12;
    assertPoints(decodePolyline(encode(points, precision), precision), points, half);
  }
});

test('a precision-6 string read as precision 5 is ten times too far (the precision matters)', () => {
  const [[lat, lon]] = decodePolyline(encode([[4.5, 9]], 6), 5);
  assert.equal(lat, 45);
  assert.equal(lon, 90);
});

test('a cut-short polyline draws the points read before the cut', () => {
  const full = '_p~iF~ps|U_ulLnnqC_mqNvxq`@';
  assertPoints(decodePolyline(full.slice(0, -2)), [[38.5, -120.2], [40.7, -120.95]]);
  assert.deepEqual(decodePolyline('_p~iF'), []);
});

// --- parts (line_breaks) --------------------------------------------------------------------

const FIVE = [[46, 7], [46, 7.01], [46, 7.02], [46, 7.05], [46, 7.06]];

test('a line with breaks comes apart before each break, every point kept in order', () => {
  const parts = decodeParts(encode(FIVE), [3]);
  assert.equal(parts.length, 2);
  assertPoints(parts[0], FIVE.slice(0, 3), 1e-9);
  assertPoints(parts[1], FIVE.slice(3), 1e-9);
  assert.deepEqual(splitParts(FIVE, [1, 2, 4]), [[FIVE[0]], [FIVE[1]], FIVE.slice(2, 4), [FIVE[4]]]);
});

test('no breaks, null, or a damaged list give one part; an empty line gives none', () => {
  for (const breaks of [undefined, null, [], 'x', {}]) assert.deepEqual(splitParts(FIVE, breaks), [FIVE], String(breaks));
  // 0, out of range, out of order, repeated or not whole: ignored, the rest still split.
  assert.deepEqual(splitParts(FIVE, [0, 2, 2, 1, 2.5, 9, -1]), [FIVE.slice(0, 2), FIVE.slice(2)]);
  assert.deepEqual(decodeParts('', [1]), []);
  assert.deepEqual(decodeParts(undefined, null), []);
});

test("a trail's parts come from the field asked for with that field's own breaks", () => {
  const trail = {
    polyline: encode(FIVE),
    preview: encode([FIVE[0], FIVE[2], FIVE[3], FIVE[4]]),
    line_breaks: {polyline: [3], preview: [2], sketch: []},
  };
  assert.deepEqual(trailLineParts(trail, 'polyline').map((part) => part.length), [3, 2]);
  assert.deepEqual(trailLineParts(trail, 'preview').map((part) => part.length), [2, 2]);
  assert.deepEqual(trailLineParts({...trail, line_breaks: null}, 'polyline').map((part) => part.length), [5]);
  assert.deepEqual(trailLineParts(trail, 'sketch'), []);
  assert.deepEqual(trailLineParts(null, 'polyline'), []);
});
