// web/features/trails/map_area.js: the map's position in the URL, its area as the API's `bbox`,
// and the box of `GET /trail/bounding-box`.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  parseMapPosition, formatMapPosition, bboxParam, padBox, boxContains, boundingBoxOf, wrapLongitude,
} from '../../../../web/features/trails/map_area.js';

test('a position reads back as written', () => {
  assert.deepEqual(parseMapPosition('9/45.5/3.25'), {zoom: 9, lat: 45.5, lon: 3.25});
  assert.deepEqual(parseMapPosition('0/0/0'), {zoom: 0, lat: 0, lon: 0});
  assert.deepEqual(parseMapPosition('12/-39.13/175.64'), {zoom: 12, lat: -39.13, lon: 175.64});
  assert.equal(formatMapPosition(parseMapPosition('9/45.5/3.25')), '9/45.5/3.25');
});

test('a malformed or impossible position is none', () => {
  for (const bad of ['', null, undefined, '9/45', '9/45/3/1', '20/45/3', '9/86/3', '9/45/181', 'a/b/c', '9/45/3e2', '-1/45/3', '9/ 45/3']) {
    assert.equal(parseMapPosition(bad), null, String(bad));
  }
});

test('a position is written to about a metre, its zoom whole and its longitude wrapped', () => {
  assert.equal(formatMapPosition({zoom: 9.4, lat: 45.123456789, lon: 3.000004}), '9/45.12346/3');
  assert.equal(formatMapPosition({zoom: 4, lat: 10, lon: 190}), '4/10/-170');
  assert.equal(formatMapPosition({zoom: 4, lat: 89, lon: -540}), '4/85.05113/-180');
});

test('longitudes wrap into [-180, 180)', () => {
  assert.deepEqual([wrapLongitude(0), wrapLongitude(180), wrapLongitude(-180), wrapLongitude(370), wrapLongitude(-190)], [0, -180, -180, 10, 170]);
});

test('a box becomes west,south,east,north rounded outwards', () => {
  assert.equal(bboxParam({west: 2.000001, south: 44.499999, east: 3.999991, north: 45.5}), '2,44.49999,4,45.5');
  assert.equal(bboxParam({west: -1.5, south: -10, east: 1.5, north: 10}), '-1.5,-10,1.5,10');
});

test('a box panned round the world is written in [-180, 180], crossing the antimeridian as west > east', () => {
  assert.equal(bboxParam({west: 362, south: 0, east: 364, north: 1}), '2,0,4,1');
  assert.equal(bboxParam({west: 170, south: -40, east: 190, north: -30}), '170,-40,-170,-30');
  assert.equal(bboxParam({west: -190, south: -40, east: -170, north: -30}), '170,-40,-170,-30');
  assert.equal(bboxParam({west: 100, south: 0, east: 180, north: 1}), '100,0,180,1');
});

test('a box as wide as the world or wider asks for every longitude, and latitudes stop at the poles', () => {
  assert.equal(bboxParam({west: -300, south: -120, east: 300, north: 95}), '-180,-90,180,90');
  assert.equal(bboxParam({west: -180, south: 0, east: 180, north: 1}), '-180,0,180,1');
});

test('a padded box holds the view with a margin; a view inside it needs no new request', () => {
  const view = {west: 2, south: 44, east: 4, north: 45};
  const padded = padBox(view, 0.5);
  assert.deepEqual(padded, {west: 1, south: 43.5, east: 5, north: 45.5});
  assert.equal(boxContains(padded, view), true);
  assert.equal(boxContains(padded, {...view, west: 0.5}), false);
  assert.equal(boxContains(padded, {...view, north: 46}), false);
  assert.equal(boxContains(null, view), false);
  assert.deepEqual(padBox({west: 0, south: -89, east: 1, north: 89}, 1).south, -90);
});

test("the bounding box answer becomes a map's box; all null is none", () => {
  assert.deepEqual(boundingBoxOf({min_lat: 44, max_lat: 46, min_lon: 2, max_lon: 8}), {west: 2, south: 44, east: 8, north: 46});
  assert.equal(boundingBoxOf({min_lat: null, max_lat: null, min_lon: null, max_lon: null}), null);
  assert.equal(boundingBoxOf(null), null);
  assert.equal(boundingBoxOf({min_lat: '1', max_lat: 2, min_lon: 3, max_lon: 4}), null);
  assert.equal(boundingBoxOf({min_lat: 5, max_lat: 2, min_lon: 3, max_lon: 4}), null);
  // Over the antimeridian (New Zealand to Fiji's east): east goes past 180.
  assert.deepEqual(boundingBoxOf({min_lat: -47, max_lat: -16, min_lon: 166, max_lon: -178}), {west: 166, south: -47, east: 182, north: -16});
});
